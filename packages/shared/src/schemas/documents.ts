import { z } from 'zod';
import { DOCUMENT_TYPES, PERSON_ROLES, documentAnalysis } from './analysis';

/** Spec §3 "Document": not_analyzed, pending, completed; failed carries the reason. */
export const ANALYSIS_STATUSES = ['not_analyzed', 'pending', 'completed', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** The file picker's list on the documents screen (spec §5). */
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.txt,.jpg,.png,.zip';

/**
 * A document as the API shows it, in lists and alone. Names follow the other resources: the
 * object (`documentDetail`), requests and responses by operation and direction
 * (`uploadDocumentRequest`, `listDocumentsQuery`, `listDocumentsResponse`, `documentResponse`).
 */
export const documentDetail = z.object({
  id: z.string(),
  fileName: z.string(),
  /** Bytes. */
  fileSize: z.number().int(),
  contentType: z.string(),
  createdAt: z.string(),
  caseId: z.string().nullable(),
  caseNumber: z.string().nullable(),
  caseTitle: z.string().nullable(),
  uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  sharedWithClient: z.boolean(),
  /**
   * What in the file can act rather than show ("JavaScript", "a launch action", "embedded files",
   * "rich media", "an XFA form"); such a file is only ever served as a download.
   */
  activeContent: z.array(z.string()),
  analysisStatus: z.enum(ANALYSIS_STATUSES),
  /** Without recommendations for those FIELD_ACCESS.document does not name. */
  analysis: documentAnalysis
    .extend({ recommendations: documentAnalysis.shape.recommendations.optional() })
    .nullable(),
  analysisError: z.string().nullable(),
  /** What the caller may do with it. */
  canDelete: z.boolean(),
  canReview: z.boolean(),
});
export type DocumentDetail = z.infer<typeof documentDetail>;

/**
 * The multipart fields of POST /api/document/upload/single besides `file` (spec §3): the
 * documents screen's uploaderId, uploaderEmail, uploadedByType and analysisStatus (accepted and
 * ignored: the uploader is the session's), the AI upload's caseId and status 'pending' (with the
 * AI upload's rules: a case, a PDF, 20 MB), and `analyze` ('Analyze after upload' on the documents
 * screen and the case page: any file the documents screen accepts, case or not).
 */
export const uploadDocumentRequest = z.object({
  caseId: z.uuid({ error: 'Choose a case of yours' }).optional(),
  status: z.literal('pending').optional(),
  analysisStatus: z.string().optional(),
  documentType: z.enum(['auto', ...DOCUMENT_TYPES]).optional(),
  sharedWithClient: z.enum(['true', 'false']).optional(),
  analyze: z.enum(['true', 'false']).optional(),
  uploaderId: z.string().optional(),
  uploaderEmail: z.string().optional(),
  uploadedByType: z.string().optional(),
});

export type UploadDocumentRequest = z.infer<typeof uploadDocumentRequest>;
export const uploadDocumentResponse = z.object({ message: z.string(), data: documentDetail });
export type UploadDocumentResponse = z.infer<typeof uploadDocumentResponse>;

// GET /api/document/{id}, POST /api/document/{id}/analyze, PATCH /api/document/{id}
export const documentResponse = z.object({ data: documentDetail });
export type DocumentResponse = z.infer<typeof documentResponse>;

// GET /api/document/{userId}/all
export const listDocumentsQuery = z.object({
  analysisStatus: z.enum(ANALYSIS_STATUSES).optional(),
  caseId: z.uuid().optional(),
  search: z.string().trim().max(200).optional(),
});
export type ListDocumentsQuery = z.input<typeof listDocumentsQuery>;
export const listDocumentsResponse = z.object({ data: z.array(documentDetail) });
export type ListDocumentsResponse = z.infer<typeof listDocumentsResponse>;

// GET /api/document/{id}/signedUrl: a relative link to /api/files/{id}
export const signedUrlQuery = z.object({
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});
export type SignedUrlQuery = z.input<typeof signedUrlQuery>;
export const signedUrlResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type SignedUrlResponse = z.infer<typeof signedUrlResponse>;

/** PATCH /api/document/{id}: the review of an analysis, and sharing with the case's client. */
export const reviewDocumentRequest = z
  .object({
    documentType: z.enum(DOCUMENT_TYPES).optional(),
    /** A person's role set (or cleared), or a wrongly found entity removed. */
    entityCorrections: z
      .array(
        z.discriminatedUnion('kind', [
          z.object({
            kind: z.literal('person'),
            name: z.string().trim().min(1).max(200),
            role: z.enum(PERSON_ROLES).nullable(),
          }),
          z.object({
            kind: z.literal('remove'),
            entity: z.enum(['person', 'date', 'amount']),
            text: z.string().min(1).max(500),
          }),
        ]),
      )
      .max(50)
      .optional(),
    sharedWithClient: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type ReviewDocumentRequest = z.input<typeof reviewDocumentRequest>;
