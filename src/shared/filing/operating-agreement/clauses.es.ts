/*
 * Las cláusulas del Acuerdo Operativo en español (Latinoamérica): una traducción de cortesía;
 * rige la versión en inglés (cláusula 10). Una por una con clauses.en.ts, en cada variante
 * (un miembro o varios); el test compara su número.
 */
import type { AgreementContext, AgreementText } from './types';

export function agreementEs(c: AgreementContext): AgreementText {
  const one = c.single;
  const majority = one ? 'el Miembro' : 'los Miembros que tengan la mayoría de las Participaciones';
  return {
    title: `Acuerdo Operativo de ${c.companyName}`,
    preamble: one
      ? `Este Acuerdo Operativo (el “Acuerdo”) de ${c.companyName}, una sociedad de responsabilidad limitada (LLC) de ${c.stateName} (la “Sociedad”), lo celebra su miembro único, ${c.members[0]!.name} (el “Miembro”), con efecto desde la fecha de constitución de la Sociedad.`
      : `Este Acuerdo Operativo (el “Acuerdo”) de ${c.companyName}, una sociedad de responsabilidad limitada (LLC) de ${c.stateName} (la “Sociedad”), lo celebran sus miembros, ${c.members.map((m) => m.name).join(' y ')} (cada uno, un “Miembro”, y en conjunto, los “Miembros”), con efecto desde la fecha de constitución de la Sociedad.`,
    clauses: [
      {
        heading: '1. Constitución',
        paragraphs: [
          `La Sociedad se constituyó como sociedad de responsabilidad limitada (LLC) conforme a las leyes del Estado de ${c.stateName}, mediante la presentación de su documento de constitución${c.formationDocument ? ` (“${c.formationDocument}”)` : ''} ante el Estado de ${c.stateName}.`,
          `Los derechos y obligaciones ${one ? 'del Miembro' : 'de los Miembros'} son los que establece este Acuerdo y, en lo que este no prevea, la ley del Estado de ${c.stateName}.`,
        ],
      },
      {
        heading: '2. Denominación y oficina principal',
        paragraphs: [
          `La denominación de la Sociedad es ${c.companyName}. Su oficina principal está en ${c.principalOffice}, o en cualquier otro lugar que ${one ? 'el Miembro decida' : 'los Miembros decidan'}.`,
          `Su agente registrado en el Estado de ${c.stateName} es ${c.agentName}, en ${c.agentAddress}.`,
        ],
      },
      {
        heading: '3. Objeto',
        paragraphs: [`El objeto de la Sociedad es: ${c.purposeEs}. La Sociedad puede realizar cualquier acto lícito que favorezca dicho objeto.`],
      },
      {
        heading: '4. Miembros y aportes de capital',
        paragraphs: one
          ? [
              `El Miembro único de la Sociedad es ${c.members[0]!.name}, titular del ${c.members[0]!.share} de la participación (la “Participación”).`,
              'El Miembro puede realizar aportes de capital según lo decida. No se exige ningún aporte de capital adicional y los aportes de capital no devengan intereses.',
            ]
          : [
              'Los Miembros de la Sociedad y sus participaciones (cada una, una “Participación”) son:',
              ...c.members.map((m) => `${m.name} — ${m.share}`),
              'Cada Miembro realiza los aportes de capital acordados entre los Miembros. Ningún Miembro está obligado a realizar aportes de capital adicionales y los aportes de capital no devengan intereses.',
            ],
      },
      {
        heading: '5. Asignación de resultados y distribuciones',
        paragraphs: one
          ? [
              'Todas las ganancias y pérdidas de la Sociedad se asignan al Miembro. Las distribuciones se hacen al Miembro en los momentos y por los montos que el Miembro decida.',
            ]
          : [
              'Las ganancias y pérdidas de la Sociedad se asignan entre los Miembros a prorrata de sus Participaciones.',
              'Las distribuciones se hacen en los momentos y por los montos que los Miembros decidan, a todos los Miembros a la vez y a prorrata de sus Participaciones.',
            ],
      },
      {
        heading: '6. Administración',
        paragraphs: c.managerManaged
          ? [
              `La Sociedad es administrada por un gerente (el “Gerente”). El Gerente es ${c.organizerName}, quien tiene facultades para actuar en nombre de la Sociedad y obligarla en el giro ordinario de sus negocios.`,
              `El Gerente puede ser removido o reemplazado en cualquier momento por ${majority}.`,
            ]
          : one
            ? ['La Sociedad es administrada por el Miembro, quien tiene facultades para actuar en nombre de la Sociedad y obligarla.']
            : [
                'La Sociedad es administrada por sus Miembros. Las decisiones se toman por los Miembros que tengan la mayoría de las Participaciones.',
                'Cualquier Miembro puede actuar en nombre de la Sociedad en el giro ordinario de sus negocios, dentro de las decisiones así tomadas.',
              ],
      },
      {
        heading: '7. Transferencia de la participación',
        paragraphs: one
          ? [
              'El Miembro puede transferir la totalidad o parte de su participación. El adquirente se convierte en miembro cuando el Miembro lo admite por escrito.',
            ]
          : [
              'Ningún Miembro puede vender, ceder, dar en garantía ni transferir de otro modo la totalidad o parte de su participación sin el consentimiento por escrito de los demás Miembros.',
              'El adquirente admitido con dicho consentimiento se convierte en Miembro; una transferencia hecha sin él no otorga derecho a participar en la administración.',
            ],
      },
      {
        heading: '8. Disolución',
        paragraphs: [
          `La Sociedad se disuelve cuando ${one ? 'el Miembro así lo decida' : 'los Miembros que tengan la mayoría de las Participaciones así lo decidan'}, o cuando lo exija la ley del Estado de ${c.stateName}.`,
          one
            ? 'En caso de disolución, se liquidan los negocios de la Sociedad, se pagan sus deudas y el remanente se distribuye al Miembro.'
            : 'En caso de disolución, se liquidan los negocios de la Sociedad, se pagan sus deudas y el remanente se distribuye entre los Miembros a prorrata de sus Participaciones.',
        ],
      },
      {
        heading: '9. Ley aplicable',
        paragraphs: [`Este Acuerdo se rige por las leyes del Estado de ${c.stateName}.`],
      },
      {
        heading: '10. Idioma que rige',
        paragraphs: ['Este Acuerdo se celebra en inglés; el texto en español es una traducción de cortesía y prevalece la versión en inglés.'],
      },
    ],
  };
}
