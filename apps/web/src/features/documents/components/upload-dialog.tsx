import { DOCUMENT_ACCEPT, MESSAGES, type DocumentDetail } from '@sentinel/shared';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { HiddenFileInput } from '@/components/ui/hidden-file-input';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { useSession } from '@/lib/auth';
import { useCaseOptions } from '../api/get-documents';
import { isAbort, uploadErrorText, useUploadDocument } from '../api/upload-document';
import { extensionOf } from '../utils/format';
import { ChosenFile } from './chosen-file';
import { ProgressBar } from './progress-bar';

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The file chosen before the dialog opened (spec §4: it opens when a file is chosen). */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Uploading from a case's page: the case is given and not offered as a choice. */
  fixedCase?: { id: string; label: string };
  onUploaded?: (document: DocumentDetail) => void;
}

/**
 * The documents screen's upload modal (spec §4, §5, §8): the chosen file, an optional case,
 * 'Analyze after upload' for a PDF (on by default, so no second click on Analyze), a real
 * progress bar while uploading; the Upload button is disabled while uploading or with no file; it
 * closes on success or Cancel (which also stops an upload under way).
 */
export function UploadDialog(props: UploadDialogProps) {
  const { open, onOpenChange } = props;
  const abort = useRef<AbortController | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) abort.current?.abort();
        onOpenChange(next);
      }}
      title="Upload Document"
      description={props.fixedCase ? `Into ${props.fixedCase.label}` : 'Add a file to your documents.'}
      onOpenAutoFocus={(event) => {
        // The file is chosen already: start on the Upload button, not on removing the file.
        const upload = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
          '[data-autofocus]',
        );
        if (upload) {
          event.preventDefault();
          upload.focus();
        }
      }}
    >
      {/* Mounted only while open: every opening starts from a clean form. */}
      <UploadForm {...props} abort={abort} />
    </Dialog>
  );
}

function UploadForm({
  onOpenChange,
  file,
  onFileChange,
  fixedCase,
  onUploaded,
  abort,
}: UploadDialogProps & { abort: RefObject<AbortController | null> }) {
  const session = useSession();
  const [caseId, setCaseId] = useState(fixedCase?.id ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cases = useCaseOptions(!fixedCase);
  const upload = useUploadDocument();
  const picker = useRef<HTMLInputElement>(null);
  const caseSelectId = useId();
  const fileId = useId();
  const uploading = upload.isPending;
  // Any file can be analysed after upload; for a PDF it is on unless unticked.
  const [analyzeChosen, setAnalyzeChosen] = useState<boolean | null>(null);
  const analyzeId = useId();
  const analyze = analyzeChosen ?? extensionOf(file?.name ?? '') === 'pdf';

  useEffect(() => () => abort.current?.abort(), [abort]);

  const submit = () => {
    if (!file) {
      setError(MESSAGES.selectFileToUpload);
      return;
    }
    setError(null);
    setProgress(0);
    const controller = new AbortController();
    abort.current = controller;
    upload.mutate(
      {
        file,
        fields: {
          uploaderId: session?.userId,
          uploaderEmail: session?.email,
          uploadedByType: session?.userType ?? undefined,
          // Spec §3: the documents screen's uploads start not analysed unless analysis is asked for.
          ...(analyze ? { analyze: 'true' } : { analysisStatus: 'not_analyzed' }),
          caseId: caseId || undefined,
        },
        onProgress: setProgress,
        signal: controller.signal,
      },
      {
        onSuccess: (document) => {
          toast.success(`“${document.fileName}” uploaded`);
          onUploaded?.(document);
          onFileChange(null);
          onOpenChange(false);
        },
        onError: (failure) => {
          setProgress(null);
          if (isAbort(failure)) return;
          console.error('Upload failed', failure);
          setError(uploadErrorText(failure, MESSAGES.uploadFailed));
          toast.error(MESSAGES.uploadFailedToast);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="space-y-4"
    >
      <div className="space-y-1.5">
        <p id={fileId} className="text-sm font-medium text-slate-800">
          File
        </p>
        {file ? (
          <ChosenFile
            file={file}
            disabled={uploading}
            onRemove={() => {
              onFileChange(null);
              setError(MESSAGES.selectFileToUpload);
            }}
          />
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-2.5 text-sm text-slate-600">
            No file chosen
          </p>
        )}
        <HiddenFileInput
          ref={picker}
          accept={DOCUMENT_ACCEPT}
          onFile={(chosen) => {
            if (!chosen) return;
            onFileChange(chosen);
            setError(null);
          }}
        />
        <button
          type="button"
          disabled={uploading}
          aria-describedby={fileId}
          onClick={() => picker.current?.click()}
          className="rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
        >
          {file ? 'Choose another file' : 'Choose a file'}
        </button>
      </div>

      {fixedCase ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-800">Case:</span> {fixedCase.label}
        </p>
      ) : (
        <div className="space-y-1.5">
          <label htmlFor={caseSelectId} className="block text-sm font-medium text-slate-800">
            Case <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <Select
            id={caseSelectId}
            value={caseId}
            disabled={uploading}
            onChange={(event) => setCaseId(event.target.value)}
          >
            <option value="">{cases.isPending ? 'Loading cases…' : 'No case'}</option>
            {cases.data?.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </Select>
          {cases.isError && (
            <p className="text-xs text-slate-600">
              Your cases could not be loaded; the file can still be uploaded.
            </p>
          )}
        </div>
      )}

      {file && (
        <Checkbox
          id={analyzeId}
          label="Analyze after upload"
          checked={analyze}
          disabled={uploading}
          onChange={(event) => setAnalyzeChosen(event.target.checked)}
        />
      )}

      {progress !== null && (
        <ProgressBar value={progress} label={progress >= 100 ? 'Processing…' : 'Uploading…'} />
      )}
      {error && <Alert tone="error">{error}</Alert>}

      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" isLoading={uploading} disabled={!file} data-autofocus>
          {uploading ? 'Uploading...' : 'Upload'}
        </Button>
      </DialogActions>
    </form>
  );
}
