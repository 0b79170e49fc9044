import { splitForMiddleEllipsis } from '@shared/middle-ellipsis';

/**
 * A file's name on one line, shortened in the middle when it does not fit, so the extension and
 * the end of the name stay in view ("WhatsApp Image 20…34.56 PM.jpeg") instead of wrapping
 * mid-word. Screen readers get the whole name in one piece.
 */
export function FileName({ name, className = '', testId }: { name: string; className?: string; testId?: string }) {
  const { head, tail } = splitForMiddleEllipsis(name);
  return (
    <span className={`block min-w-0 ${className}`} data-testid={testId}>
      <span className="sr-only">{name}</span>
      <span aria-hidden className="flex min-w-0 overflow-hidden" title={name}>
        {/* only the head gives way (down to its ellipsis); the tail with the extension stays whole */}
        <span className="min-w-[2ch] overflow-hidden text-ellipsis whitespace-pre">{head}</span>
        {tail && <span className="shrink-0 whitespace-pre">{tail}</span>}
      </span>
    </span>
  );
}
