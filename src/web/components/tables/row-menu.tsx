import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  /** Destructive: shown in red, last, apart from the others. */
  danger?: boolean;
}

const MENU_WIDTH_PX = 224;

/**
 * A row's actions behind one "⋯" button (the menu button pattern): Enter, Space or the arrow
 * keys open it with focus on an item; the arrows, Home and End move; Escape closes it and gives
 * focus back to the button; Tab or a click elsewhere closes it. The menu is placed against the
 * window, so a table that scrolls sideways does not clip it.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number; above: boolean } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  function openMenu(focus: 'first' | 'last') {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  // Placed under the button, right-aligned, or above it when there is no room below.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const box = buttonRef.current?.getBoundingClientRect();
      if (!box) return;
      const menuHeight = menuRef.current?.offsetHeight ?? 0;
      const above = box.bottom + menuHeight + 8 > window.innerHeight && box.top > menuHeight + 8;
      setPosition({
        top: above ? box.top - menuHeight - 4 : box.bottom + 4,
        left: Math.max(8, Math.min(box.right - MENU_WIDTH_PX, window.innerWidth - MENU_WIDTH_PX - 8)),
        above,
      });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open || !position) return;
    const menuItems = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    const target = focusOnOpen.current === 'first' ? menuItems?.[0] : menuItems?.[menuItems.length - 1];
    target?.focus();
    // Only the first placement moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, position === null]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const menuItems = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = menuItems.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => menuItems[(next + menuItems.length) % menuItems.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(menuItems.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  }

  const ordinary = items.filter((item) => !item.danger);
  const dangerous = items.filter((item) => item.danger);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={handleButtonKeyDown}
        className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        <EllipsisIcon className="h-5 w-5" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label={label}
          onKeyDown={handleMenuKeyDown}
          style={{
            position: 'fixed',
            top: position?.top ?? 0,
            left: position?.left ?? 0,
            width: MENU_WIDTH_PX,
            visibility: position ? 'visible' : 'hidden',
          }}
          className="z-30 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {[...ordinary, ...dangerous].map((item, index) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
              className={`block w-full px-3 py-2 text-start font-medium focus:outline-none focus-visible:outline-none ${
                item.danger
                  ? `text-red-800 hover:bg-red-50 focus:bg-red-50 ${index === ordinary.length && index > 0 ? 'border-t border-slate-100' : ''}`
                  : 'text-slate-800 hover:bg-slate-100 focus:bg-slate-100'
              }`}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/** Three dots: "more actions". Drawn here rather than with the shared icons, which every page loads. */
function EllipsisIcon(props: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <circle cx="5" cy="12" r="1.6" />
      <circle cx="12" cy="12" r="1.6" />
      <circle cx="19" cy="12" r="1.6" />
    </svg>
  );
}
