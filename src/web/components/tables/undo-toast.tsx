import toast from 'react-hot-toast';
import { commonText } from '../../i18n/namespaces/common';

/** How long an outcome that can be undone stays on screen: long enough to reach its button. */
const UNDO_TOAST_MS = 8000;

/**
 * "3 reviews hidden. Undo": a success toast with a button that reverses the action through the
 * server; the toast goes once it is pressed.
 */
export function undoToast(message: string, undo: () => void): void {
  toast.success(
    (shown) => (
      <span className="flex items-center gap-3">
        <span>{message}</span>
        <button
          type="button"
          onClick={() => {
            toast.dismiss(shown.id);
            undo();
          }}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm font-semibold text-indigo-800 hover:bg-slate-100"
        >
          {commonText('undo')}
        </button>
      </span>
    ),
    { duration: UNDO_TOAST_MS },
  );
}
