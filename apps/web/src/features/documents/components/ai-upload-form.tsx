import { DOCUMENT_TYPES, MESSAGES, type DocumentDetail, type DocumentType } from '@sentinel/shared';
import { clsx } from 'clsx';
import { UploadCloud } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { HiddenFileInput } from '@/components/ui/hidden-file-input';
import { Field } from '@/components/ui/field';
import { Options, Select } from '@/components/ui/select';
import { useCaseOptions } from '../api/get-documents';
import { isAbort, uploadErrorText, useUploadDocument } from '../api/upload-document';
import { aiFileProblem } from '../utils/ai-file';
import { documentTypeLabel } from '../utils/format';
import { ChosenFile } from './chosen-file';
import { ProgressBar } from './progress-bar';

/** The types offered at upload (spec: auto-detect, contract, pleading, correspondence, financial). */
const UPLOAD_TYPES = DOCUMENT_TYPES.filter((type) => type !== 'other');

/**
 * The AI upload (spec "AI Document Upload", §5): a case (required), an optional document type, a
 * PDF of at most 20 MB dropped on the zone or chosen with the picker, a real progress bar; the
 * file goes up with status 'pending' and the analysis runs in the background.
 */
export function AiUploadForm({ onUploaded }: { onUploaded?: (document: DocumentDetail) => void }) {
  const [caseId, setCaseId] = useState('');
  const [documentType, setDocumentType] = useState<'auto' | DocumentType>('auto');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [caseError, setCaseError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const cases = useCaseOptions();
  const upload = useUploadDocument();
  const picker = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const zoneHintId = useId();
  const fileErrorId = useId();
  const uploading = upload.isPending;

  useEffect(() => () => abort.current?.abort(), []);

  const choose = (chosen: File | undefined) => {
    if (!chosen || uploading) return;
    setSubmitError(null);
    const problem = aiFileProblem(chosen);
    if (problem) {
      setFile(null);
      setFileError(problem);
      return;
    }
    setFile(chosen);
    setFileError(null);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const submit = () => {
    const missingCase = caseId ? null : MESSAGES.selectCase;
    const missingFile = file ? null : (fileError ?? MESSAGES.selectFileToUpload);
    setCaseError(missingCase);
    setFileError(missingFile);
    setSubmitError(null);
    if (missingCase || missingFile || !file) return;
    setProgress(0);
    const controller = new AbortController();
    abort.current = controller;
    upload.mutate(
      {
        file,
        fields: { caseId, status: 'pending', documentType },
        onProgress: setProgress,
        signal: controller.signal,
      },
      {
        onSuccess: (document) => {
          toast.success(`“${document.fileName}” uploaded. The analysis has started.`);
          setFile(null);
          setProgress(null);
          onUploaded?.(document);
        },
        onError: (error) => {
          setProgress(null);
          if (isAbort(error)) return;
          console.error('AI upload failed', error);
          setSubmitError(uploadErrorText(error, MESSAGES.uploadFailedToast));
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field label="Case" required error={caseError ?? undefined}>
        {(control) => (
          <Select
            {...control}
            value={caseId}
            disabled={uploading}
            onChange={(event) => {
              setCaseId(event.target.value);
              if (event.target.value) setCaseError(null);
            }}
          >
            <option value="">{cases.isPending ? 'Loading cases…' : 'Select a case'}</option>
            {cases.data?.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {cases.isError && (
        <Alert tone="error">Your cases could not be loaded. Reload the page to try again.</Alert>
      )}
      {cases.data?.length === 0 && (
        <p className="-mt-3 text-xs text-slate-600">
          You have no case yet; a document is analysed for a case.
        </p>
      )}

      <Field
        label="Document type"
        hint="Auto-detect lets the analysis decide; choose a type if you already know it."
      >
        {(control) => (
          <Select
            {...control}
            value={documentType}
            disabled={uploading}
            onChange={(event) => setDocumentType(event.target.value as 'auto' | DocumentType)}
          >
            <option value="auto">Auto-detect</option>
            <Options values={UPLOAD_TYPES} label={documentTypeLabel} />
          </Select>
        )}
      </Field>

      <div className="space-y-2">
        <HiddenFileInput ref={picker} accept=".pdf,application/pdf" onFile={choose} />
        <button
          type="button"
          disabled={uploading}
          aria-describedby={[zoneHintId, fileError ? fileErrorId : null].filter(Boolean).join(' ')}
          onClick={() => picker.current?.click()}
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={clsx(
            'flex w-full flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
            'disabled:cursor-not-allowed disabled:opacity-60',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-500',
            fileError && 'border-red-400',
          )}
        >
          <UploadCloud aria-hidden="true" className="size-8 text-brand-700" />
          <span className="text-sm font-semibold text-slate-900">Drag and drop a PDF here</span>
          <span className="text-sm text-slate-700">
            or <span className="font-medium text-brand-700 underline">browse your files</span>
          </span>
          <span id={zoneHintId} className="text-xs text-slate-600">
            PDF only, up to 20 MB
          </span>
        </button>
        {fileError && (
          <p id={fileErrorId} role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
        {file && <ChosenFile file={file} disabled={uploading} onRemove={() => setFile(null)} />}
      </div>

      {progress !== null && (
        <ProgressBar value={progress} label={progress >= 100 ? 'Processing…' : 'Uploading…'} />
      )}
      {submitError && <Alert tone="error">{submitError}</Alert>}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {uploading && (
          <Button variant="secondary" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        )}
        <Button type="submit" isLoading={uploading}>
          {uploading ? 'Uploading...' : 'Upload and Analyze'}
        </Button>
      </div>
    </form>
  );
}
