import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { DateFieldControl } from './date-field-control';
import { FormErrorSummary, formMessages } from './form-error-summary';

const schema = z.object({
  name: z.string().trim().min(1, 'Skriv navnet ditt'),
  email: z.string().trim().email('Skriv en gyldig e-postadresse'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Velg en dato'),
});
type Values = z.infer<typeof schema>;

/** The apps' zodResolver, in a few lines (this package does not depend on @hookform/resolvers). */
const resolver: Resolver<Values> = (values) => {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
  return { values: {}, errors };
};

function ContactForm({ onSend = () => {} }: { onSend?: (values: Values) => void }) {
  const { register, handleSubmit, control, formState } = useForm<Values>({
    resolver,
    defaultValues: { name: '', email: '', date: '' },
    shouldFocusError: false,
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSend)(event)}>
      <FormErrorSummary errors={formState.errors} submitCount={formState.submitCount} />
      <label htmlFor="navn">Navn</label>
      <input id="navn" {...register('name')} />
      <label htmlFor="epost">E-post</label>
      <input id="epost" {...register('email')} />
      <DateFieldControl control={control} name="date" label="Dato" />
      <button type="submit">Send</button>
    </form>
  );
}

const summary = () => screen.getByRole('group', { name: 'For å gå videre må du rette opp følgende feil:' });

describe('FormErrorSummary', () => {
  it('shows nothing before a submit', () => {
    render(<ContactForm />);
    expect(screen.queryByText(/rette opp følgende/)).not.toBeInTheDocument();
  });

  it('after a refused submit lists each message as a link to its field, and takes the focus', async () => {
    render(<ContactForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const links = within(await screen.findByRole('group', { name: /rette opp følgende/ })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Skriv navnet ditt', '#navn'],
      ['Skriv en gyldig e-postadresse', '#epost'],
      ['Velg en dato', `#${screen.getByRole('textbox', { name: 'Dato' }).id}`],
    ]);
    expect(summary()).toHaveFocus();
  });

  it('takes the focus to the field when a link is followed', async () => {
    render(<ContactForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(
      within(await screen.findByRole('group', { name: /rette opp følgende/ })).getByRole('link', { name: 'Skriv en gyldig e-postadresse' }),
    );
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveFocus();
    await userEvent.click(within(summary()).getByRole('link', { name: 'Velg en dato' }));
    expect(screen.getByRole('textbox', { name: 'Dato' })).toHaveFocus();
    // Not a fragment in the app's address.
    expect(window.location.hash).toBe('');
  });

  it('follows the corrections, takes the focus again on the next refused submit, and goes when all is right', async () => {
    const sent: Values[] = [];
    render(<ContactForm onSend={(v) => sent.push(v)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('group', { name: /rette opp følgende/ });
    await userEvent.type(screen.getByRole('textbox', { name: 'Navn' }), 'Kari Nordmann');
    expect(within(summary()).queryByRole('link', { name: 'Skriv navnet ditt' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(summary()).toHaveFocus();
    expect(within(summary()).getAllByRole('link')).toHaveLength(2);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-post' }), 'kari@example.no');
    await userEvent.type(screen.getByRole('textbox', { name: 'Dato' }), '24.12.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByText(/rette opp følgende/)).not.toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Kari Nordmann', email: 'kari@example.no', date: '2026-12-24' }]);
  });
});

describe('formMessages', () => {
  it('flattens nested and list errors in order, once each', () => {
    expect(
      formMessages({
        periods: [
          { fromDate: { type: 'custom', message: 'Skriv en dato' } },
          undefined,
          { toDate: { type: 'custom', message: 'Til må være etter fra' } },
        ],
        root: { type: 'server', message: 'Noe gikk galt' },
      } as never),
    ).toEqual([
      { path: 'periods.0.fromDate', message: 'Skriv en dato' },
      { path: 'periods.2.toDate', message: 'Til må være etter fra' },
      { path: '', message: 'Noe gikk galt' },
    ]);
  });
});
