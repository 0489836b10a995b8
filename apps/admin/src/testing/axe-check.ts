import axe from 'axe-core';

/**
 * axe's rules that jsdom can judge (roles, names, ARIA states, structure; not colour contrast, which
 * needs layout) on what is rendered now; answers the violations as 'rule: target' lines, so a test
 * reads `expect(await axeViolations()).toEqual([])`. The e2e suite runs the full set in Chromium.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  // A select's options are checked with the select; leaving them out keeps a form with many quarter
  // selects (opening hours) fast enough for a loaded CI machine.
  const result = await axe.run({ include: [root], exclude: ['option'] } as axe.ElementContext, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
