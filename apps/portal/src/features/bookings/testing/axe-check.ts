import axe from 'axe-core';

/**
 * axe's rules that jsdom can judge (roles, names, ARIA states, structure; not colour contrast, which needs
 * layout) on what is rendered now, as 'rule: target' lines: `expect(await axeViolations()).toEqual([])`.
 * The admin app's helper of the same name does the same.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run({ include: [root] } as axe.ElementContext, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
