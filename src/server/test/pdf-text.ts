import { extractText, getDocumentProxy } from 'unpdf';

// unpdf's bundled pdf.js uses Promise.withResolvers, which Node 20 lacks; only tests read PDFs
if (!('withResolvers' in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

/**
 * The text of every page, joined with spaces, as a reader would copy it. unpdf bundles pdf.js
 * without native dependencies (pdfjs-dist's optional canvas build cannot be locked for every platform).
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
