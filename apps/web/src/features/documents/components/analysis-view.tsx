import {
  DOCUMENT_SUBTYPE_LABELS,
  DOCUMENT_TYPES,
  mayRead,
  type DocumentDetail,
  type ReviewDocumentRequest,
} from '@sentinel/shared';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Options, Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import {
  KeyFacts,
  NOT_SURE,
  plural,
  PersonRoleSelect,
  RawJson,
  RemoveButton,
  Section,
  SHORT_LIST,
  ShortList,
  typeSourceLabel,
} from './analysis-parts';
import { useReviewDocument } from '../api/review-document';
import { confidenceText, documentTypeLabel, needsConfirmation } from '../utils/format';
import { formatDay, formatMoney, humanize } from '@/lib/format';

type Correction = NonNullable<ReviewDocumentRequest['entityCorrections']>[number];

/**
 * Amounts as the document gives them; when there are more than a short list shows (an estimate's
 * ninety line items), the largest first, so the totals lead and the unit prices follow.
 */
function byRelevance<T extends { value: number }>(amounts: T[]): T[] {
  return amounts.length > SHORT_LIST ? [...amounts].sort((a, b) => b.value - a.value) : amounts;
}

export interface AnalysisViewProps {
  document: DocumentDetail;
  /** Level of the section headings; h3 under a card's h2 (the default). */
  headingLevel?: 'h3' | 'h4';
}

/**
 * A completed analysis (spec "AI Document Upload"): classification type and confidence, with the
 * insurance subtype and its key facts (issue 14), parties, dates, amounts, summary, recommendations
 * and the raw JSON with a copy button (those two only for whom FIELD_ACCESS names: the API leaves
 * recommendations out for the others). Someone who may review it (canReview) corrects the type,
 * sets or clears a person's role and removes an entity that was found wrongly; each change is one
 * PATCH. A type the classifier was not sure of says "Not sure — please confirm", which takes the
 * reviewer to the type control; confirming or correcting it teaches the firm's later analyses.
 */
export function AnalysisView({ document, headingLevel = 'h3' }: AnalysisViewProps) {
  const review = useReviewDocument();
  const session = useSession();
  const [correctedHere, setCorrectedHere] = useState(false);
  const typeId = useId();
  const analysis = document.analysis;
  if (!analysis) return <p className="text-sm text-slate-600">No analysis yet.</p>;

  const { document_metadata: meta, entities, content, recommendations } = analysis;
  const canReview = document.canReview;
  const busy = review.isPending;
  const unsure = needsConfirmation(meta);

  const send = (body: ReviewDocumentRequest) =>
    review.mutate(
      { id: document.id, body },
      {
        onSuccess: () => {
          if (body.documentType) setCorrectedHere(true);
        },
      },
    );
  const correct = (correction: Correction) => send({ entityCorrections: [correction] });

  return (
    <div className="@container space-y-5">
      {review.isError && (
        <Alert tone="error">
          {errorMessage(review.error, 'The correction could not be saved. Please try again.')}
        </Alert>
      )}

      <Section title="Classification" heading={headingLevel}>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-base font-semibold text-slate-900">
            {documentTypeLabel(meta.document_type)}
            {meta.subtype && ` · ${DOCUMENT_SUBTYPE_LABELS[meta.subtype]}`}
          </span>
          {confidenceText(meta) && <span className="text-slate-700">{confidenceText(meta)}</span>}
          {unsure &&
            (canReview ? (
              <button
                type="button"
                onClick={() => globalThis.document.getElementById(typeId)?.focus()}
                className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 underline decoration-amber-400 underline-offset-2 hover:bg-amber-100"
              >
                {NOT_SURE}
              </button>
            ) : (
              <Badge tone="warning">{NOT_SURE}</Badge>
            ))}
          <Badge tone={meta.type_source === 'user' ? 'accent' : 'neutral'}>
            {typeSourceLabel(meta.type_source, correctedHere)}
          </Badge>
        </p>
        <p className="mt-1 text-xs text-slate-600">
          {[
            plural(meta.page_count, 'page'),
            meta.ocr_pages > 0 ? `${plural(meta.ocr_pages, 'page')} read by OCR` : null,
            plural(content.word_count, 'word'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {canReview && (
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <div className="flex w-full max-w-xs flex-col gap-1">
              <label htmlFor={typeId} className="text-sm font-medium text-slate-800">
                Correct the type
              </label>
              <Select
                id={typeId}
                value={meta.document_type}
                disabled={busy}
                onChange={(event) =>
                  send({ documentType: event.target.value as (typeof DOCUMENT_TYPES)[number] })
                }
              >
                <Options values={DOCUMENT_TYPES} label={documentTypeLabel} />
              </Select>
            </div>
            {unsure && (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => send({ documentType: meta.document_type })}
              >
                Confirm {documentTypeLabel(meta.document_type)}
              </Button>
            )}
          </div>
        )}
      </Section>

      {meta.key_fields && meta.key_fields.length > 0 && (
        <Section title="Key facts" heading={headingLevel}>
          <KeyFacts fields={meta.key_fields} />
        </Section>
      )}

      <Section title="Summary" heading={headingLevel}>
        <p className="leading-relaxed whitespace-pre-line">{content.summary || 'No summary.'}</p>
      </Section>

      <div className="grid gap-5 @lg:grid-cols-3">
        <Section title="Parties" heading={headingLevel}>
          {entities.persons.length === 0 ? (
            <p className="text-slate-600">No parties found.</p>
          ) : (
            <ShortList
              items={entities.persons}
              noun="parties"
              render={(person) => (
                <li key={person.name} className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900">{person.name}</p>
                    {canReview ? (
                      <PersonRoleSelect
                        name={person.name}
                        role={person.role}
                        disabled={busy}
                        onChange={(role) => correct({ kind: 'person', name: person.name, role })}
                      />
                    ) : (
                      <p className="text-slate-600">{person.role ? humanize(person.role) : 'Role unknown'}</p>
                    )}
                  </div>
                  {canReview && (
                    <RemoveButton
                      label={`Remove ${person.name}`}
                      disabled={busy}
                      onClick={() => correct({ kind: 'remove', entity: 'person', text: person.name })}
                    />
                  )}
                </li>
              )}
            />
          )}
        </Section>

        <Section title="Dates" heading={headingLevel}>
          {entities.dates.length === 0 ? (
            <p className="text-slate-600">No dates found.</p>
          ) : (
            <ShortList
              items={entities.dates}
              noun="dates"
              render={(date, index) => (
                <li key={`${date.date}-${date.text}-${index}`} className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      <time dateTime={date.date}>{formatDay(date.date)}</time>
                      <span className="font-normal text-slate-600"> · {humanize(date.kind)}</span>
                    </p>
                    {date.text && <p className="text-xs break-words text-slate-600">“{date.text}”</p>}
                  </div>
                  {canReview && (
                    <RemoveButton
                      label={`Remove the date ${date.text || date.date}`}
                      disabled={busy}
                      onClick={() =>
                        correct({ kind: 'remove', entity: 'date', text: date.text || date.date })
                      }
                    />
                  )}
                </li>
              )}
            />
          )}
        </Section>

        <Section title="Amounts" heading={headingLevel}>
          {entities.amounts.length === 0 ? (
            <p className="text-slate-600">No amounts found.</p>
          ) : (
            <ShortList
              items={byRelevance(entities.amounts)}
              noun="amounts"
              render={(amount, index) => (
                <li key={`${amount.value}-${amount.text}-${index}`} className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      {formatMoney(amount.value, amount.currency)}
                      <span className="font-normal text-slate-600"> · {humanize(amount.kind)}</span>
                    </p>
                    {amount.text && <p className="text-xs break-words text-slate-600">“{amount.text}”</p>}
                  </div>
                  {canReview && (
                    <RemoveButton
                      label={`Remove the amount ${amount.text || formatMoney(amount.value, amount.currency)}`}
                      disabled={busy}
                      onClick={() =>
                        correct({
                          kind: 'remove',
                          entity: 'amount',
                          text: amount.text || String(amount.value),
                        })
                      }
                    />
                  )}
                </li>
              )}
            />
          )}
        </Section>
      </div>

      {recommendations && (
        <Section title="Recommendations" heading={headingLevel}>
          {recommendations.length === 0 ? (
            <p className="text-slate-600">No recommendations.</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5">
              {recommendations.map((item, index) => (
                <li key={`${index}-${item}`}>{item}</li>
              ))}
            </ul>
          )}
        </Section>
      )}

      {session?.userType && mayRead(session.userType, 'document', 'analysis.raw') && (
        <Section title="Raw data" heading={headingLevel}>
          <RawJson analysis={analysis} />
        </Section>
      )}
    </div>
  );
}
