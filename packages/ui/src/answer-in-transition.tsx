import { useDeferredValue } from 'react';

/**
 * A query's answer for a part of the page that is costly to render (the rooms of a search), handed to
 * it in a transition (decision 050). An answer that arrives over the network reaches React through
 * TanStack Query's store, and React renders a store's update at once, in one task: the whole result
 * list, its cards and their Designsystemet components, and its commit — one long task on a phone. With
 * the answer deferred, that render shows the previous answer (cheap: nothing under it changed), and the
 * list with the new answer renders in a transition, which yields to the browser every few
 * milliseconds, so input and paints get in between. Until that render, the caller has the previous
 * answer (undefined for the first): it keeps showing its loading state a moment longer.
 */
export function useAnswerInTransition<T>(answer: T): T {
  return useDeferredValue(answer);
}
