/*
 * Las cláusulas del Acuerdo Operativo en español (Latinoamérica): una traducción de cortesía;
 * rige la versión en inglés (cláusula “Totalidad del acuerdo e idioma que rige”). Una por una y
 * párrafo por párrafo con clauses.en.ts, en cada variante (un miembro o dos, administrada por sus
 * miembros o por una persona administradora); el tipo exige cada cláusula de `clauseKeys` y el
 * test compara los párrafos. Las funciones se nombran sin género (“la Persona Administradora”,
 * “la persona sucesora”, “quien adquiera”). No se cita aquí ninguna tarifa, fecha ni ley.
 */
import { clauseNumber, type AgreementContext, type AgreementWording } from './types';

export function agreementEs(c: AgreementContext): AgreementWording {
  const one = c.single;
  const manager = c.managerManaged;
  const majority = one ? 'el Miembro' : 'los Miembros que tengan la mayoría de las Participaciones';
  const allConsent = one ? 'el consentimiento por escrito del Miembro' : 'el consentimiento por escrito de todos los Miembros';
  const clause = (key: Parameters<typeof clauseNumber>[0]) => `cláusula ${clauseNumber(key)}`;
  const successor =
    'quien, conforme a la ley aplicable, represente al Miembro o a su sucesión, tutela o concurso, o tenga derecho a recibir su participación por herencia, legado o de otro modo';
  const corporation =
    'Una corporación paga el impuesto federal sobre la renta por sus propias utilidades, y los dividendos que reparte vuelven a tributar en manos de sus accionistas.';
  return {
    title: `Acuerdo Operativo de ${c.companyName}`,
    preamble: one
      ? `Este Acuerdo Operativo (el “Acuerdo”) de ${c.companyName}, una sociedad de responsabilidad limitada (LLC) de ${c.stateName} (la “Sociedad”), lo celebra su miembro único, ${c.members[0]!.name} (el “Miembro”), con efecto desde la fecha de constitución de la Sociedad.`
      : `Este Acuerdo Operativo (el “Acuerdo”) de ${c.companyName}, una sociedad de responsabilidad limitada (LLC) de ${c.stateName} (la “Sociedad”), lo celebran sus miembros, ${c.members.map((m) => m.name).join(' y ')} (individualmente, un “Miembro”, y en conjunto, los “Miembros”), con efecto desde la fecha de constitución de la Sociedad.`,
    clauses: {
      formation: {
        title: 'Constitución',
        paragraphs: [
          `La Sociedad se constituyó como sociedad de responsabilidad limitada (LLC) conforme a las leyes del Estado de ${c.stateName}, mediante la presentación de su documento de constitución${c.formationDocument ? ` (“${c.formationDocument}”)` : ''} ante el Estado de ${c.stateName}.`,
          `Los derechos y obligaciones ${one ? 'del Miembro' : 'de los Miembros'} son los que establece este Acuerdo y, en lo que este no prevea, la ley del Estado de ${c.stateName}.`,
        ],
      },
      nameAndOffice: {
        title: 'Denominación y oficina principal',
        paragraphs: [
          `La denominación de la Sociedad es ${c.companyName}. Su oficina principal está en ${c.principalOffice}, o en cualquier otro lugar que ${one ? 'el Miembro decida' : 'los Miembros decidan'}.`,
          `Su agente registrado en el Estado de ${c.stateName} es ${c.agentName}, en ${c.agentAddress}.`,
        ],
      },
      purpose: {
        title: 'Objeto',
        paragraphs: [`El objeto de la Sociedad es: ${c.purposeEs}. La Sociedad puede realizar cualquier acto lícito que favorezca dicho objeto.`],
      },
      members: {
        title: 'Miembros y aportaciones de capital',
        paragraphs: one
          ? [
              `El Miembro único de la Sociedad es ${c.members[0]!.name}, con domicilio en ${c.members[0]!.address}. El Miembro es titular del ${c.members[0]!.share} de la participación en la Sociedad (la “Participación”).`,
              'El Miembro puede realizar aportaciones de capital según lo decida. No se exige ninguna aportación de capital adicional y las aportaciones de capital no devengan intereses.',
            ]
          : [
              'Los Miembros de la Sociedad, sus participaciones (cada una, una “Participación”) y sus domicilios son:',
              ...c.members.map((m) => `${m.name} — ${m.share} — ${m.address}`),
              'Cada Miembro realiza las aportaciones de capital acordadas entre los Miembros. Ningún Miembro está obligado a realizar aportaciones de capital adicionales y las aportaciones de capital no devengan intereses.',
            ],
      },
      allocations: {
        title: 'Asignación de resultados y distribuciones',
        paragraphs: one
          ? [
              'Todas las ganancias y pérdidas de la Sociedad se asignan al Miembro. Las distribuciones se hacen al Miembro en los momentos y por los montos que el Miembro decida.',
            ]
          : [
              'Las ganancias y pérdidas de la Sociedad se asignan entre los Miembros a prorrata de sus Participaciones.',
              'Las distribuciones se hacen en los momentos y por los montos que los Miembros decidan, a todos los Miembros a la vez y a prorrata de sus Participaciones.',
            ],
      },
      tax: {
        title: 'Clasificación fiscal',
        paragraphs: one
          ? [
              'Salvo que elija otra clasificación conforme a esta cláusula, la Sociedad, por tener un solo miembro, se clasifica para efectos del impuesto federal sobre la renta de los Estados Unidos como una entidad no considerada (disregarded entity): una entidad que no se trata como separada de su titular. En palabras sencillas, la Sociedad no paga por sí misma el impuesto federal sobre la renta; sus ingresos, ganancias, pérdidas, deducciones y créditos se tratan como propios del Miembro, quien los declara según lo exija la ley tributaria de los Estados Unidos.',
              'Si el Miembro es una persona extranjera (foreign person), es decir, una persona física que no es ciudadana ni residente de los Estados Unidos, o una entidad extranjera, la Sociedad es una entidad no considerada de propiedad extranjera: presenta el Formulario 5472, junto con un Formulario 1120 pro forma, por cada año fiscal en el que tenga operaciones sujetas a declaración (reportable transactions).',
              `Esta clasificación es solo fiscal: no cambia la responsabilidad limitada del Miembro (${clause('liability')}). La Sociedad puede elegir otra clasificación, por ejemplo tributar como corporación (corporation) mediante la presentación del Formulario 8832 ante el IRS, solo con ${allConsent}. ${corporation}`,
            ]
          : [
              'Salvo que elija otra clasificación conforme a esta cláusula, la Sociedad, por tener dos o más miembros, se clasifica para efectos del impuesto federal sobre la renta de los Estados Unidos como una sociedad (partnership). En palabras sencillas, la Sociedad no paga por sí misma el impuesto federal sobre la renta; cada año presenta una declaración informativa (Formulario 1065) y entrega a cada Miembro un Anexo K-1 (Schedule K-1) con su parte de los ingresos, ganancias, pérdidas, deducciones y créditos de la Sociedad, que cada Miembro declara según lo exija la ley tributaria de los Estados Unidos.',
              `Esta clasificación es solo fiscal: no convierte a la Sociedad en una sociedad colectiva (general partnership) conforme a la ley estatal ni cambia la responsabilidad limitada de los Miembros (${clause('liability')}).`,
              `La Sociedad puede elegir otra clasificación, por ejemplo tributar como corporación (corporation) mediante la presentación del Formulario 8832 ante el IRS, solo con ${allConsent}. ${corporation}`,
            ],
      },
      management: {
        title: 'Administración',
        paragraphs: manager
          ? [
              `La Sociedad es administrada por una persona administradora (la “Persona Administradora”). La Persona Administradora es ${c.organizerName}, quien tiene facultades para actuar en nombre de la Sociedad y obligarla en el giro ordinario de sus negocios.`,
              `La Persona Administradora puede ser removida o reemplazada en cualquier momento por ${majority}.`,
            ]
          : one
            ? ['La Sociedad es administrada por el Miembro, quien tiene facultades para actuar en nombre de la Sociedad y obligarla.']
            : [
                'La Sociedad es administrada por sus Miembros. Las decisiones se toman por los Miembros que tengan la mayoría de las Participaciones.',
                'Cualquier Miembro puede actuar en nombre de la Sociedad en el giro ordinario de sus negocios, dentro de las decisiones así tomadas.',
              ],
      },
      liability: {
        title: 'Responsabilidad limitada e indemnización',
        paragraphs: [
          `${
            one
              ? manager
                ? 'Ni el Miembro ni la Persona Administradora responde'
                : 'El Miembro no responde'
              : manager
                ? 'Ningún Miembro ni la Persona Administradora responde'
                : 'Ningún Miembro responde'
          } personalmente por las deudas, obligaciones o responsabilidades de la Sociedad, sean contractuales, extracontractuales o de otra naturaleza, por el solo hecho de ser ${
            manager ? 'miembro o persona administradora' : 'miembro'
          } de la Sociedad. Que la Sociedad no observe formalidades no es motivo para imponer responsabilidad personal ${
            one
              ? manager
                ? 'al Miembro ni a la Persona Administradora'
                : 'al Miembro'
              : manager
                ? 'a ningún Miembro ni a la Persona Administradora'
                : 'a ningún Miembro'
          }.`,
          `La Sociedad indemniza y mantiene indemne ${
            one
              ? manager
                ? 'al Miembro y a la Persona Administradora'
                : 'al Miembro'
              : manager
                ? 'a cada Miembro y a la Persona Administradora'
                : 'a cada Miembro'
          } frente a toda pérdida, daño, reclamación o gasto (incluidos los honorarios razonables de abogados) que se produzca por un acto u omisión realizado de buena fe en nombre de la Sociedad y dentro de las facultades que otorga este Acuerdo, salvo que haya mediado fraude, negligencia grave o conducta dolosa. La indemnización se paga solo con los bienes de la Sociedad; ningún Miembro está obligado a contribuir a ella personalmente.`,
        ],
      },
      records: {
        title: 'Libros, registros y cuentas bancarias',
        paragraphs: [
          `La Sociedad lleva libros y registros completos y exactos de sus negocios en su oficina principal, entre ellos este Acuerdo y cada una de sus modificaciones, su documento de constitución${c.formationDocument ? ` (“${c.formationDocument}”)` : ''}, sus declaraciones de impuestos y estados financieros, y un registro actualizado del nombre, el domicilio y la Participación de cada miembro.`,
          one
            ? 'El Miembro puede examinar y copiar los libros y registros en cualquier momento.'
            : 'Cada Miembro puede examinar y copiar los libros y registros, en persona o por medio de un representante, en cualquier momento razonable y a su propio costo.',
          `Los fondos de la Sociedad se mantienen en una o más cuentas a nombre de la Sociedad, en bancos u otras instituciones financieras elegidos por ${
            manager ? 'la Persona Administradora' : one ? 'el Miembro' : 'los Miembros'
          }. Nunca se mezclan con los fondos de ningún Miembro${manager ? ', de la Persona Administradora' : ''} ni de ninguna otra persona, y se usan solo para los negocios de la Sociedad.`,
        ],
      },
      admission: {
        title: 'Admisión de nuevos miembros',
        paragraphs: [
          `Solo puede admitirse ${one ? 'un nuevo miembro' : 'un nuevo Miembro'} con ${allConsent}, en los términos (incluidas la aportación de capital y la Participación que correspondan) que fije ese consentimiento. Para ser admitida, la nueva persona debe aceptar por escrito quedar obligada por este Acuerdo.`,
          one
            ? `Si se admite un segundo miembro, este Acuerdo debe modificarse para establecer los derechos de los miembros, y la Sociedad pasa a ser, por defecto, una sociedad (partnership) para efectos del impuesto federal sobre la renta de los Estados Unidos (${clause('tax')}).`
            : `Las Participaciones de los Miembros existentes se ajustan según lo disponga ese consentimiento, y este Acuerdo se modifica en consecuencia (${clause('amendments')}).`,
        ],
      },
      transfers: {
        title: 'Transferencias y retiro',
        paragraphs: one
          ? [
              `El Miembro puede vender, ceder o transferir de otro modo la totalidad o parte de su participación en la Sociedad. Quien la adquiera se convierte en miembro solo cuando el Miembro consiente por escrito su admisión (si se transfiere la totalidad de la participación, el documento de transferencia puede contener ese consentimiento), conforme a la ${clause('admission')}.`,
              'Quien adquiera una participación en la Sociedad, por transferencia o por disposición de la ley, sin haber obtenido su admisión como miembro, tiene solo los derechos económicos de esa participación: el derecho a participar en las ganancias, las pérdidas y las distribuciones que le correspondan. No tiene derecho a votar, a participar en la administración ni a actuar en nombre de la Sociedad.',
              'El Miembro solo puede retirarse de la Sociedad después de transferir la totalidad de su participación a una persona admitida como miembro, de modo que la Sociedad tenga siempre al menos un miembro.',
            ]
          : [
              'Ningún Miembro puede vender, ceder, dar en garantía ni transferir de otro modo la totalidad o parte de su participación sin el consentimiento por escrito de los demás Miembros.',
              `Quien la adquiera se convierte en Miembro solo con el consentimiento por escrito de todos los Miembros a su admisión (${clause('admission')}). Quien adquiera una participación en la Sociedad, por transferencia o por disposición de la ley, sin haber obtenido su admisión como Miembro, tiene solo los derechos económicos de esa participación: el derecho a participar, en proporción a ella, en las ganancias, las pérdidas y las distribuciones de la Sociedad. No tiene derecho a votar, a participar en la administración ni a actuar en nombre de la Sociedad.`,
              'Un Miembro solo puede retirarse de la Sociedad con el consentimiento por escrito de los demás Miembros, en los términos que entonces se acuerden por escrito (incluido cualquier pago por su participación).',
            ],
      },
      death: {
        title: 'Fallecimiento, incapacidad o quiebra de un miembro',
        paragraphs: one
          ? [
              'El fallecimiento, la incapacidad (declarada por un tribunal u otra autoridad competente) o la quiebra del Miembro no disuelven la Sociedad.',
              `En cualquiera de esos casos, la persona sucesora del Miembro —${successor}— es admitida como miembro de la Sociedad en lugar del Miembro, con sus derechos, de modo que la Sociedad continúa y no se disuelve. El Miembro consiente desde ahora esa admisión.`,
            ]
          : [
              'El fallecimiento, la incapacidad (declarada por un tribunal u otra autoridad competente) o la quiebra de un Miembro no disuelven la Sociedad: el Miembro o los Miembros restantes pueden continuar con la Sociedad y sus negocios.',
              `La persona sucesora del Miembro afectado —${successor}— tiene solo los derechos económicos de esa participación (${clause('transfers')}) hasta que sea admitida como Miembro con el consentimiento por escrito de los Miembros restantes.`,
            ],
      },
      dissolution: {
        title: 'Disolución',
        paragraphs: [
          `La Sociedad se disuelve cuando ${one ? 'el Miembro así lo decida' : 'los Miembros que tengan la mayoría de las Participaciones así lo decidan'}, o cuando lo exija la ley del Estado de ${c.stateName}. El fallecimiento, la incapacidad o la quiebra ${one ? 'del Miembro' : 'de un Miembro'} no disuelven por sí solos la Sociedad (${clause('death')}).`,
          one
            ? 'En caso de disolución, se liquidan los negocios de la Sociedad, se pagan sus deudas y el remanente se distribuye al Miembro.'
            : 'En caso de disolución, se liquidan los negocios de la Sociedad, se pagan sus deudas y el remanente se distribuye entre los Miembros a prorrata de sus Participaciones.',
        ],
      },
      amendments: {
        title: 'Modificaciones',
        paragraphs: [`Este Acuerdo solo puede modificarse mediante un documento escrito firmado por ${one ? 'el Miembro' : 'todos los Miembros'}.`],
      },
      severability: {
        title: 'Divisibilidad',
        paragraphs: [
          'Si alguna disposición de este Acuerdo se declara nula o inaplicable, esa disposición se aplica en la mayor medida que permita la ley, y el resto de este Acuerdo conserva plena vigencia.',
        ],
      },
      governingLaw: {
        title: 'Ley aplicable',
        paragraphs: [`Este Acuerdo se rige por las leyes del Estado de ${c.stateName}.`],
      },
      entireAgreement: {
        title: 'Totalidad del acuerdo e idioma que rige',
        paragraphs: [
          'Este Acuerdo contiene la totalidad de lo acordado sobre los asuntos de la Sociedad y sustituye a todo acuerdo o entendimiento anterior sobre ellos, escrito u oral.',
          'Este Acuerdo se celebra en inglés; el texto en español es una traducción de cortesía y prevalece la versión en inglés.',
        ],
      },
    },
  };
}
