/**
 * A long file name is shortened in the middle, so its end (the extension and the last characters
 * before it, often what tells two photos apart) stays in view: "WhatsApp Image 20…34.56 PM.jpeg".
 *
 * splitForMiddleEllipsis gives the two parts to lay out side by side: `head`, which the page lets
 * shrink with an ellipsis (CSS text-overflow, so it adapts to any width), and `tail`, always shown
 * whole. head + tail is the name. A name too short to need it comes back as `head` alone.
 */
export interface NameParts {
  head: string;
  tail: string;
}

/** Extensions longer than this are taken as part of the name ("notes.final-version"). */
const maxExtensionLength = 8;

export function splitForMiddleEllipsis(name: string, keptBeforeExtension = 8): NameParts {
  // code points, not UTF-16 units: an emoji or an accented letter is never cut in two
  const chars = [...name];
  const dot = name.lastIndexOf('.');
  // a leading dot (".env") or a trailing one is not an extension
  const extension = dot > 0 && dot < name.length - 1 && name.length - dot - 1 <= maxExtensionLength ? [...name.slice(dot)] : [];
  const tailLength = Math.min(chars.length, extension.length + Math.max(0, keptBeforeExtension));
  // shortening must leave at least a few characters before the ellipsis, or it is not worth it
  if (chars.length - tailLength < 4) return { head: name, tail: '' };
  return { head: chars.slice(0, chars.length - tailLength).join(''), tail: chars.slice(chars.length - tailLength).join('') };
}
