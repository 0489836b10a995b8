import { describe, expect, it } from 'vitest';
import { FIRE_PROCEDURE_FORM_URL, fireProcedureFormHref, fireProcedurePropertyCodes } from './fire-procedure';

describe('the fire-procedure link', () => {
  it('exists for exactly ten locations', () => {
    expect(Object.keys(fireProcedurePropertyCodes)).toHaveLength(10);
    expect(fireProcedureFormHref(7, [{ date: '2030-03-12', roomName: 'Gymsal' }])).toBeNull();
    expect(fireProcedureFormHref(2, [])).toBeNull();
  });
  it('passes one date as dato, several as the period fra–til, and each room once', () => {
    expect(
      fireProcedureFormHref(2, [
        { date: '2030-03-12', roomName: 'Gymsal' },
        { date: '2030-03-12', roomName: 'Gymsal' },
      ]),
    ).toBe(`${FIRE_PROCEDURE_FORM_URL}?eiendom=UDE-0201&dato=2030-03-12&rom=Gymsal`);
    expect(
      fireProcedureFormHref(2, [
        { date: '2030-03-19', roomName: 'Aula og scene' },
        { date: '2030-03-12', roomName: 'Gymsal' },
      ]),
    ).toBe(`${FIRE_PROCEDURE_FORM_URL}?eiendom=UDE-0201&fra=2030-03-12&til=2030-03-19&rom=Aula%20og%20scene&rom=Gymsal`);
  });
});
