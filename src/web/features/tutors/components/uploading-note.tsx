/** Why the submit button is disabled for now. */
export function UploadingNote() {
  return (
    <p className="text-right text-sm text-slate-700">
      The picture is still uploading; you can save once it has finished.
    </p>
  );
}
