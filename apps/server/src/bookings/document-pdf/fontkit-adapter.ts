import type { PDFDocument } from '@cantoo/pdf-lib';
import fontkit from '@pdf-lib/fontkit';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * One parsed font per font file for the process: parsing DejaVu's tables took most of a rendering
 * (and most of its garbage), and pdf-lib only reads a font and makes a new subset of it per document,
 * so one instance serves every rendering.
 */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();

/**
 * @pdf-lib/fontkit for @cantoo/pdf-lib's subsetting (decision 055). The embedder calls a subset's
 * `encode()` with no argument when the subset has one (fontkit 2's synchronous encoder) and
 * `encodeStream()` otherwise; @pdf-lib/fontkit's subsets have an `encode(stream)` that needs the
 * stream, so a bare call fails ("Cannot read properties of undefined (reading 'pos')"). Hiding
 * `encode` sends the embedder to `encodeStream()`, which @pdf-lib/fontkit implements.
 */
export const subsettingFontkit: Fontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    const known = parsed.get(data);
    if (known) return known;
    const font = fontkit.create(data as Buffer, postscriptName);
    const createSubset = font.createSubset.bind(font);
    parsed.set(data, font);
    return Object.assign(font, {
      createSubset: () =>
        new Proxy(createSubset(), {
          get(target, property) {
            if (property === 'encode') return undefined;
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
    });
  },
} as unknown as Fontkit;
