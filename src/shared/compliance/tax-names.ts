import type { Language } from '../languages';

/*
 * The dataset names each state's tax as the state does, in English ("License Fee", "Commercial
 * Activity Tax"): the name a founder finds on the state's forms, so it stays. A Spanish reader
 * also gets what it is. tax-names.test.ts fails on a name of the dataset
 * missing here.
 */
const spanish: Record<string, string> = {
  'Annual Tax': 'impuesto anual',
  'Annual charge': 'cargo anual',
  'Business Enterprise Tax': 'impuesto sobre la actividad empresarial',
  'Business License': 'licencia comercial estatal',
  'Business Privilege Tax': 'impuesto por el privilegio de operar en el estado',
  'Business and occupation (B&O) tax': 'impuesto sobre los ingresos brutos de la actividad',
  'Commercial Activity Tax': 'impuesto sobre los ingresos brutos de la actividad comercial',
  'Corporate Activity Tax': 'impuesto sobre los ingresos brutos de la actividad empresarial',
  'Franchise Tax': 'impuesto estatal por operar en el estado',
  'General Excise Tax': 'impuesto general sobre los ingresos brutos',
  'License Fee': 'tarifa anual de licencia',
  'Limited Liability Entity Tax': 'impuesto a las entidades de responsabilidad limitada',
  'Minimum fee': 'tarifa mínima anual',
  'Minimum tax': 'impuesto mínimo anual',
  'Partnership, LLC, and LLP annual filing fee': 'tarifa anual de presentación de sociedades y LLC',
  'State Business License': 'licencia comercial estatal',
  'Unincorporated Business Franchise Tax': 'impuesto a las empresas no constituidas como sociedad anónima',
};

/** The state's name of its tax, with what it is in Spanish: "License Fee (tarifa anual de licencia)". */
export function taxNameFor(taxName: string, language: Language): string {
  const explanation = language === 'es' ? spanish[taxName] : undefined;
  return explanation ? `${taxName} (${explanation})` : taxName;
}

/** for the test: the names explained */
export const explainedTaxNames = Object.keys(spanish);
