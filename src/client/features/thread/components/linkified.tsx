/** http(s) addresses in a message; anything else (javascript:, data:) stays text. */
const addressPattern = /(https?:\/\/[^\s<>"']+)/g;
/** Punctuation that ends a sentence after an address is not part of it. */
const trailingPunctuation = /[.,;:!?)\]]+$/;

/** A message's text with its web addresses as links (React escapes the rest: HTML someone typed stays text). */
export function Linkified({ text }: { text: string }) {
  return text.split(addressPattern).map((part, index) => {
    if (index % 2 === 0) return part;
    const trailing = trailingPunctuation.exec(part)?.[0] ?? '';
    const address = part.slice(0, part.length - trailing.length);
    return (
      <span key={index}>
        <a href={address} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline dark:text-gold-300">
          {address}
        </a>
        {trailing}
      </span>
    );
  });
}
