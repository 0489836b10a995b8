/**
 * The banner over a partly available request (spec 01 §8): 'Ledig {n} av {m} valgte datoer', red when
 * half or fewer of the dates are free, else yellow. Nothing to say when all are free.
 */
export interface PartialAvailability {
  text: string;
  /** 'danger' (red) or 'warning' (yellow), as the design system names the colours. */
  tone: 'danger' | 'warning';
}

export function partialAvailability(availableCount: number, totalCount: number): PartialAvailability | null {
  if (totalCount <= 0 || availableCount >= totalCount) return null;
  return { text: `Ledig ${availableCount} av ${totalCount} valgte datoer`, tone: availableCount * 2 <= totalCount ? 'danger' : 'warning' };
}
