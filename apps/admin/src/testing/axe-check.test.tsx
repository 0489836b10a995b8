import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { axeViolations } from './axe-check';

describe('axeViolations', () => {
  it('finds a button without a name and an input without a label', async () => {
    render(
      <main>
        <button type="button" />
        <input />
      </main>,
    );
    const found = await axeViolations();
    expect(found.some((v) => v.startsWith('button-name:'))).toBe(true);
    expect(found.some((v) => v.startsWith('label:'))).toBe(true);
  });
});
