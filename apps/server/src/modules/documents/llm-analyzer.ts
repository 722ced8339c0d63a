import { documentAnalysis, type DocumentAnalysis } from '@sentinel/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AnalyzerPort } from './analyzer-port';

const LLM_TIMEOUT_MS = 60_000;
/** The part of the analysis the model writes; page counts and the analyzer's name are ours. */
const modelAnswer = documentAnalysis.pick({ entities: true, content: true, recommendations: true }).extend({
  document_metadata: documentAnalysis.shape.document_metadata.pick({ document_type: true, confidence: true }),
});
const answerSchema = z.toJSONSchema(modelAnswer);

const INSTRUCTIONS = `You analyse documents for a law firm that handles property-damage insurance claims.
Answer with JSON only, matching the schema: the document type (contract, pleading, correspondence,
financial, or other when unsure) with your confidence from 0 to 1; the persons named with their role
where the text says it; the dates with what they are (ISO YYYY-MM-DD); the amounts with what they are;
a summary of two to four sentences saying what the document is and what it asks or decides; and
recommendations a claims attorney would act on (deadlines to calendar, amounts to compare with the
estimate, missing documents, responses due). Use only what the text says.`;

/**
 * Asks an OpenAI-compatible chat-completions endpoint (ANALYSIS_LLM_URL) for the analysis as JSON
 * of a given schema, and checks the answer with zod. The local analyzer always runs first (it
 * extracts the text the model reads, and counts pages); whenever the model fails — network,
 * status, malformed or invalid JSON, timeout — the local analysis is the answer.
 */
export function withLlm(
  local: AnalyzerPort,
  settings: NonNullable<Config['analysisLlm']>,
  log: FastifyBaseLogger,
): AnalyzerPort {
  return {
    learn: local.learn,
    async analyze(input) {
      const base = await local.analyze(input);
      if (!base.text?.trim()) return base;
      const started = performance.now();
      try {
        const response = await fetch(`${settings.url}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: settings.model,
            temperature: 0,
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              { role: 'user', content: `File name: ${input.fileName}\n\n${base.text.slice(0, 60_000)}` },
            ],
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'document_analysis', strict: true, schema: answerSchema },
            },
          }),
          signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`the model endpoint answered ${response.status}`);
        const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
        const content = body.choices?.[0]?.message?.content;
        if (!content) throw new Error('the model returned no content');
        const answer = modelAnswer.parse(JSON.parse(content));
        const userType = base.document_metadata.type_source === 'user';
        // Where the model's type differs from the local one, the two disagree: the screen asks the
        // user to confirm, and the subtype and key fields read for the local type are dropped.
        const differs =
          !userType && answer.document_metadata.document_type !== base.document_metadata.document_type;
        const result: DocumentAnalysis & { text?: string } = {
          ...answer,
          document_metadata: {
            ...base.document_metadata,
            ...(userType ? {} : { ...answer.document_metadata, type_source: 'llm' as const }),
            ...(differs && { needs_confirmation: true, subtype: null, key_fields: [] }),
          },
          analyzer: {
            name: 'llm',
            version: settings.model,
            duration_ms: Math.round(performance.now() - started),
          },
          text: base.text,
        };
        return result;
      } catch (error) {
        log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'LLM analysis failed; local analysis kept',
        );
        return base;
      }
    },
  };
}
