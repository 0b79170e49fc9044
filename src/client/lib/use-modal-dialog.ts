import { useEffect, useRef } from 'react';

/**
 * A <dialog> opened as a modal when it mounts (showModal where the browser has it, every supported
 * one; an open dialog otherwise), and `close`: the native close() fires onClose and gives the
 * focus back to the button that opened it. `dialogProps` go on the <dialog>: its ref, onClose, the
 * title and body it is named and described by (`${id}-title`, `${id}-body`) and its frame.
 */
export function useModalDialog(onClose: () => void, id: string) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
  }, []);
  const close = () => (typeof dialog.current?.close === 'function' ? dialog.current.close() : onClose());
  const dialogProps = {
    ref: dialog,
    onClose,
    'aria-labelledby': `${id}-title`,
    'aria-describedby': `${id}-body`,
    className: 'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-black/50',
  };
  return { close, dialogProps };
}
