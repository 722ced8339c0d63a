import {
  attachmentSaved,
  emailFiled,
  MESSAGES,
  remoteImagesBlocked,
  type CaseSummary,
  type EmailDetail,
} from '@sentinel/shared';
import { ArrowLeft, FileCheck2, ImageOff, MailOpen, Paperclip } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { casePath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatBytes, formatDateTime } from '@/lib/format';
import { useEmail } from '../api/get-email';
import { useSaveAttachment } from '../api/save-attachment';
import { useUpdateEmail } from '../api/update-email';
import { buildSrcdoc } from '../utils/srcdoc';
import { ProviderMark } from './email-list';

const caseDocumentsPath = (caseId: string) => `${casePath(caseId)}?tab=documents`;

/**
 * The reader: headers, the sanitised body in a sandboxed frame, filing to a case and saving
 * attachments. Opening an unread e-mail marks it read (once per opening; 'Mark as unread' sticks).
 */
export function EmailReader({
  id,
  cases,
  onBack,
}: {
  id: string;
  cases: readonly CaseSummary[];
  /** On phones the reader replaces the list; this returns to it. */
  onBack?: () => void;
}) {
  const [remoteImages, setRemoteImages] = useState(false);
  const email = useEmail(id, remoteImages);
  const update = useUpdateEmail();
  const { mutate } = update;
  const markedRead = useRef<string | null>(null);
  const status = email.data?.status;

  useEffect(() => {
    if (status !== 'Unread' || markedRead.current === id) return;
    markedRead.current = id;
    mutate({ id, change: { status: 'Read' } });
  }, [id, status, mutate]);

  if (email.isPending) {
    return (
      <div className="p-4">
        {onBack && <BackButton onBack={onBack} />}
        <LoadingState label="Loading e-mail..." />
      </div>
    );
  }
  if (email.isError) {
    return (
      <div className="p-4">
        <LoadError
          error={email.error}
          fallback={MESSAGES.emailLoadFailed}
          onRetry={() => void email.refetch()}
          retrying={email.isFetching}
        />
        {onBack && <BackButton onBack={onBack} />}
      </div>
    );
  }
  const detail = email.data;

  return (
    <article aria-labelledby={`${id}-subject`} className="flex min-h-0 flex-col">
      <header className="space-y-3 border-b border-slate-100 p-4 sm:p-5">
        {onBack && <BackButton onBack={onBack} />}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id={`${id}-subject`} className="min-w-0 text-lg font-semibold break-words text-slate-900">
            {detail.subject || '(no subject)'}
          </h2>
          <Button
            variant="secondary"
            size="sm"
            icon={<MailOpen aria-hidden="true" className="size-4" />}
            disabled={update.isPending}
            onClick={() =>
              mutate(
                { id, change: { status: 'Unread' } },
                { onError: (error) => toast.error(errorMessage(error, MESSAGES.emailUpdateFailed)) },
              )
            }
          >
            Mark as unread
          </Button>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">From</dt>
          <dd className="break-words text-slate-900">{detail.from}</dd>
          <dt className="text-slate-600">To</dt>
          <dd className="break-words text-slate-900">{detail.to.join(', ') || '—'}</dd>
          {detail.cc.length > 0 && (
            <>
              <dt className="text-slate-600">Cc</dt>
              <dd className="break-words text-slate-900">{detail.cc.join(', ')}</dd>
            </>
          )}
          <dt className="text-slate-600">Date</dt>
          <dd className="text-slate-900">
            <time dateTime={detail.received_at}>{formatDateTime(detail.received_at)}</time>
          </dd>
        </dl>
        <div className="flex flex-wrap items-center gap-2">
          <ProviderMark provider={detail.provider} />
          {detail.priority === 'High' && <Badge tone="danger">High</Badge>}
          {detail.case && <Badge tone="brand">{detail.case.caseNumber}</Badge>}
        </div>
      </header>

      <div className="space-y-4 p-4 sm:p-5">
        {detail.remoteImages > 0 && !remoteImages && (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700">
            <ImageOff aria-hidden="true" className="size-4 shrink-0" />
            <span className="min-w-0 flex-1">{remoteImagesBlocked(detail.remoteImages)}</span>
            <Button variant="secondary" size="sm" onClick={() => setRemoteImages(true)}>
              Show images
            </Button>
          </div>
        )}
        {/* Filing is what the reader is for in a claims practice: it comes before the body. */}
        <EmailFiling detail={detail} cases={cases} />
        <EmailFrame html={detail.html} remoteImages={remoteImages} subject={detail.subject} />
      </div>
    </article>
  );
}

/** On phones the reader replaces the list the focus was in: focus starts on the way back. */
function BackButton({ onBack }: { onBack: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="sm"
      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      onClick={onBack}
    >
      Back to inbox
    </Button>
  );
}

/**
 * The body in a frame that runs nothing: no scripts, an opaque origin, a policy that loads no
 * remote content unless asked. Links open in a new tab (popups escape the sandbox), never in the app.
 */
function EmailFrame({
  html,
  remoteImages,
  subject,
}: {
  html: string;
  remoteImages: boolean;
  subject: string;
}) {
  const srcDoc = useMemo(() => buildSrcdoc(html, remoteImages), [html, remoteImages]);
  return (
    <iframe
      title={`Message: ${subject || '(no subject)'}`}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={srcDoc}
      className="h-[28rem] min-h-64 w-full rounded-lg border border-slate-200 bg-white"
    />
  );
}

/** Filing to a case and saving the attachments into it. */
function EmailFiling({ detail, cases }: { detail: EmailDetail; cases: readonly CaseSummary[] }) {
  const update = useUpdateEmail();
  const save = useSaveAttachment();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const [savedTo, setSavedTo] = useState<Record<string, string>>({});
  const suggestion = detail.case ? null : detail.suggestion;
  const caseById = (caseId: string) => cases.find((item) => item.id === caseId);
  // Attachments go to the e-mail's case, or to the case chosen in the select.
  const targetCaseId = detail.case_id ?? (chosen || null);
  const targetCaseNumber = detail.case?.caseNumber ?? (chosen ? caseById(chosen)?.caseNumber : undefined);

  const fileTo = (caseId: string | null, caseNumber?: string) =>
    update.mutate(
      { id: detail.id, change: { case_id: caseId } },
      {
        onSuccess: ({ data }) => {
          setChosen('');
          toast.success(
            caseId ? emailFiled(data.case?.caseNumber ?? caseNumber ?? '') : MESSAGES.emailUnfiled,
          );
        },
        onError: (error) => toast.error(errorMessage(error, MESSAGES.emailUpdateFailed)),
      },
    );

  return (
    <>
      <section
        aria-labelledby={`${selectId}-filing`}
        className="space-y-3 rounded-lg border border-slate-200 p-4"
      >
        <h3 id={`${selectId}-filing`} className="text-sm font-semibold text-slate-900">
          Case
        </h3>
        {detail.case ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-800">
              Filed to{' '}
              <Link
                to={casePath(detail.case.id)}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {detail.case.caseNumber} — {detail.case.title}
              </Link>
            </p>
            <Button variant="secondary" size="sm" disabled={update.isPending} onClick={() => fileTo(null)}>
              Remove from case
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">Not filed to a case.</p>
        )}
        {suggestion && (
          <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-medium">
              Suggested: {suggestion.caseNumber} — {suggestion.title}
            </p>
            <p className="mt-0.5">{suggestion.reasonText}</p>
            <Button
              size="sm"
              className="mt-2"
              isLoading={update.isPending && update.variables?.change.case_id === suggestion.id}
              disabled={update.isPending}
              onClick={() => fileTo(suggestion.id, suggestion.caseNumber)}
            >
              File to {suggestion.caseNumber}
            </Button>
          </div>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1 space-y-1.5">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
              {detail.case ? 'Move to another case' : 'Choose a case'}
            </label>
            <Select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Select a case</option>
              {cases
                .filter((item) => item.id !== detail.case_id)
                .map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.caseNumber} — {item.title}
                  </option>
                ))}
            </Select>
          </div>
          <Button
            variant="secondary"
            disabled={!chosen || update.isPending}
            onClick={() => fileTo(chosen, caseById(chosen)?.caseNumber)}
          >
            File to case
          </Button>
        </div>
      </section>

      {detail.attachments.length > 0 && (
        <section
          aria-labelledby={`${selectId}-attachments`}
          className="space-y-2 rounded-lg border border-slate-200 p-4"
        >
          <h3 id={`${selectId}-attachments`} className="text-sm font-semibold text-slate-900">
            Attachments ({detail.attachments.length})
          </h3>
          {!targetCaseId && <p className="text-sm text-slate-600">{MESSAGES.emailNoCaseToSave}</p>}
          <ul className="divide-y divide-slate-100">
            {detail.attachments.map((attachment) => {
              const nameId = `${selectId}-${attachment.id}`;
              const savedCase = savedTo[attachment.id] ?? detail.case_id;
              return (
                <li key={attachment.id} className="flex flex-wrap items-center gap-3 py-2.5">
                  <Paperclip aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
                  <div className="min-w-0 flex-1">
                    <p id={nameId} className="truncate text-sm font-medium text-slate-900">
                      {attachment.name}
                    </p>
                    <p className="text-xs text-slate-600">
                      {attachment.mimeType} · {formatBytes(attachment.size)}
                    </p>
                  </div>
                  {attachment.documentId ? (
                    <span className="flex items-center gap-2 text-sm">
                      <span className="inline-flex items-center gap-1 font-medium text-emerald-800">
                        <FileCheck2 aria-hidden="true" className="size-4" />
                        {MESSAGES.emailStatusSaved}
                      </span>
                      {savedCase && (
                        <Link
                          to={caseDocumentsPath(savedCase)}
                          aria-describedby={nameId}
                          className="text-brand-700 underline-offset-2 hover:underline"
                        >
                          View in case documents
                        </Link>
                      )}
                    </span>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-describedby={nameId}
                      disabled={!targetCaseId}
                      isLoading={save.isPending && save.variables?.attachmentId === attachment.id}
                      onClick={() =>
                        save.mutate(
                          {
                            id: detail.id,
                            attachmentId: attachment.id,
                            ...(detail.case_id ? {} : { caseId: targetCaseId ?? undefined }),
                          },
                          {
                            onSuccess: ({ document }) => {
                              setSavedTo((previous) => ({ ...previous, [attachment.id]: document.caseId }));
                              toast.success(
                                attachmentSaved(
                                  attachment.name,
                                  caseById(document.caseId)?.caseNumber ?? targetCaseNumber ?? '',
                                ),
                              );
                            },
                            onError: (error) =>
                              toast.error(errorMessage(error, MESSAGES.attachmentSaveFailed)),
                          },
                        )
                      }
                    >
                      Save to case
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
