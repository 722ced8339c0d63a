import contentDisposition from 'content-disposition';
import {
  listDocumentsQuery,
  listDocumentsResponse,
  documentResponse,
  reviewDocumentRequest,
  signedUrlQuery,
  signedUrlResponse,
  uploadDocumentResponse,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';
import { receiveUpload, uploadTmpDir } from './upload';

const idParams = z.object({ id: z.uuid() });

/**
 * Documents as spec §7 has them (/api/document/...), plus review and re-analysis, and the
 * public /api/files/{id} that serves the bytes behind a signed link. The others are open to anyone
 * signed in: the services show each role only the documents it may see, others answer 404.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents, documentUploads, documentAnalysis } = app.services;
  const uploadLimits = {
    tmpDir: uploadTmpDir(app.config.dataDir),
    maxBytes: app.config.documentMaxBytes,
    minRate: app.config.uploadMinRate,
  };

  app.post(
    '/document/upload/single',
    routeOptions('documents', 'session', {
      consumes: ['multipart/form-data'],
      response: { 200: uploadDocumentResponse },
    }),
    async (request) =>
      documentUploads.upload(
        principalOf(request),
        await receiveUpload(request, uploadLimits),
        requestContext(request),
      ),
  );

  app.get(
    '/document/:userId/all',
    routeOptions('documents', 'session', {
      params: z.object({ userId: z.uuid() }),
      querystring: listDocumentsQuery,
      response: { 200: listDocumentsResponse },
    }),
    async (request) =>
      documents.list(principalOf(request), request.params.userId, request.query, requestContext(request)),
  );

  app.get(
    '/document/:id',
    routeOptions('documents', 'session', { params: idParams, response: { 200: documentResponse } }),
    async (request) => documents.get(principalOf(request), request.params.id, requestContext(request)),
  );

  app.delete(
    '/document/:id',
    routeOptions('documents', 'session', {
      params: idParams,
      response: { 200: z.object({ message: z.string() }) },
    }),
    async (request) => documents.remove(principalOf(request), request.params.id, requestContext(request)),
  );

  app.patch(
    '/document/:id',
    routeOptions('documents', 'session', {
      params: idParams,
      body: reviewDocumentRequest,
      response: { 200: documentResponse },
    }),
    async (request) =>
      documentAnalysis.review(principalOf(request), request.params.id, request.body, requestContext(request)),
  );

  app.post(
    '/document/:id/analyze',
    routeOptions('documents', 'session', { params: idParams, response: { 200: documentResponse } }),
    async (request) =>
      documentAnalysis.analyze(principalOf(request), request.params.id, requestContext(request)),
  );

  app.get(
    '/document/:id/signedUrl',
    routeOptions('documents', 'session', {
      params: idParams,
      querystring: signedUrlQuery,
      response: { 200: signedUrlResponse },
    }),
    async (request) =>
      documents.signedUrl(
        principalOf(request),
        request.params.id,
        request.query.disposition,
        requestContext(request),
      ),
  );

  // No session: the link's signature is the permission. Its bytes are never run as a page.
  app.get(
    '/files/:id',
    routeOptions('documents', 'public', {
      params: idParams,
      querystring: z.object({
        d: z.string().optional(),
        e: z.string().optional(),
        u: z.string().optional(),
        f: z.string().optional(),
        s: z.string().optional(),
      }),
    }),
    async (request, reply) => {
      const { row, body, disposition } = await documents.open(
        request.params.id,
        request.query,
        requestContext(request),
      );
      return reply
        .header('content-type', row.contentType)
        .header('content-length', String(row.sizeBytes))
        .header('content-disposition', contentDisposition(row.fileName, { type: disposition }))
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        )
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
