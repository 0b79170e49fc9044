import { useEffect, useRef } from 'react';

/**
 * A <dialog> opened as a modal when it mounts (showModal where the browser has it, every supported
 * one; an open dialog otherwise), and `close`: the native close() fires onClose and gives the
 * focus back to the button that opened it.
 */
export function useModalDialog(onClose: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
  }, []);
  const close = () => (typeof dialog.current?.close === 'function' ? dialog.current.close() : onClose());
  return { dialog, close };
}
