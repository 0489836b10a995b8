import { useEffect, useState, type RefObject } from 'react';

/** Spec 02 §9: signing opens when the reader is within 100 px of the end of the contract. */
export const CONTRACT_SCROLL_THRESHOLD_PX = 100;

/** True when the bottom edge of the contract is at most `threshold` px below the viewport's bottom. */
export function isNearEnd(contractBottom: number, viewportHeight: number, threshold = CONTRACT_SCROLL_THRESHOLD_PX): boolean {
  return contractBottom - viewportHeight <= threshold;
}

/**
 * Whether the person has scrolled the page to (near) the end of the element once. It stays true
 * afterwards: reading back up does not take the permission away. A contract shorter than the
 * screen counts as read as soon as it is shown.
 */
export function useReadToEnd(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [reached, setReached] = useState(false);

  useEffect(() => {
    if (!enabled || reached) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const element = ref.current;
        if (element && isNearEnd(element.getBoundingClientRect().bottom, window.innerHeight)) setReached(true);
      });
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [ref, enabled, reached]);

  return reached;
}
