import { describe, expect, it } from 'vitest';
import { firstName } from './names';

describe('firstName (item 2: greet by the whole first name)', () => {
  it.each([
    ['María José Peña', 'María José'],
    ['maria jose peña garcía', 'maria jose'],
    ['Juan Pablo Rodríguez', 'Juan Pablo'],
    ['María del Carmen López', 'María del Carmen'],
    ['María de los Ángeles Ruiz', 'María de los Ángeles'],
    ['Luz María Hernández', 'Luz María'],
    ['Mary Ann Smith', 'Mary Ann'],
    ['José Luis', 'José Luis'],
  ])('%s → %s', (name, first) => {
    expect(firstName(name)).toBe(first);
  });

  it.each([
    ['Ana Pérez', 'Ana'],
    ['Ana María', 'Ana María'],
    ['Ana Martín García', 'Ana'],
    ['Diego de la Vega', 'Diego'],
    ['  Erin   Admin ', 'Erin'],
    ['Zoë', 'Zoë'],
  ])('keeps a surname out: %s → %s', (name, first) => {
    expect(firstName(name)).toBe(first);
  });

  it('is empty for no name', () => {
    expect(firstName('')).toBe('');
    expect(firstName('   ')).toBe('');
    expect(firstName(null)).toBe('');
    expect(firstName(undefined)).toBe('');
  });
});
