import type { Ref } from 'react';

/**
 * The file input behind a 'Choose a file' button: out of sight and out of the tab order (the
 * button opens it with `ref.current.click()`). Reports the chosen file (or undefined) and clears
 * itself, so choosing the same file again reports it again.
 */
export function HiddenFileInput({
  ref,
  accept,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  accept: string;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        const chosen = event.target.files?.[0];
        event.target.value = '';
        onFile(chosen);
      }}
    />
  );
}
