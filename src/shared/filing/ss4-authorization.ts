import type { FilingInput } from './facts-model';

/*
 * The SS-4 authorization the responsible party reads and signs (the customer's document; the
 * team's worksheet with the call script and the fax cover is another, admin-only, ADR 0041), in
 * both languages, written before the signature: "by signing, you authorize". The designee's words
 * follow Form SS-4's "Third Party Designee" section and its instructions (the authority ends when
 * the EIN is assigned and released to the designee); the declaration is the form's signature line.
 */

export interface AuthorizationText {
  heading: string;
  paragraphs: string[];
}

const declaration =
  'Under penalties of perjury, I declare that I have examined this application, and to the best of my knowledge and belief, it is true, correct, and complete.';

export function ss4Authorization(input: FilingInput, entityType: string, foreign: boolean): Record<'en' | 'es', AuthorizationText> {
  const designee = input.designee ?? 'our filing team';
  const company = input.companyName;
  const person = input.organizer.name;
  return {
    en: {
      heading: `Authorization to apply for the EIN of ${company} (Form SS-4)`,
      paragraphs: [
        `By signing, you, ${person}, as the responsible party of ${company} (line 7a), authorize ${designee} to apply to the IRS for the company’s Employer Identification Number (EIN) on Form SS-4 with the answers below, as its third-party designee: to receive the EIN and to answer the IRS’s questions about this application. The authorization ends when the IRS assigns the EIN and releases it to the designee.`,
        `You also make the form’s declaration: “${declaration}” Read each answer. If one is wrong, do not sign: correct your company details first.`,
        foreign
          ? 'Line 7b says “Foreign — none”: the line asks for a Social Security number (SSN) or an ITIN, and the IRS’s instructions tell a foreign responsible party who has neither to answer this way. It does not prevent the EIN. If you have an ITIN, tell us before you sign.'
          : 'Line 7b is your Social Security number (SSN), taken from the identity document you gave us. For your security it is not printed here and we do not store it.',
        `Type of entity (line 9a): ${entityType}. ${
          input.partner
            ? 'With two members the IRS treats the LLC as a partnership.'
            : foreign
              ? 'With one foreign member the IRS treats it as a foreign-owned disregarded entity, which files Form 5472 each year.'
              : 'With one member the IRS treats it as a disregarded entity.'
        }`,
        'When the IRS assigns the EIN, its confirmation letter (CP 575) joins your documents.',
      ],
    },
    es: {
      heading: `Autorización para solicitar el EIN de ${company} (Formulario SS-4)`,
      paragraphs: [
        `Con su firma, usted, ${person}, como persona responsable de ${company} (línea 7a), autoriza a ${designee} a solicitar al IRS (el servicio de impuestos de los Estados Unidos) el número de identificación del empleador (EIN) de la empresa con el Formulario SS-4 y las respuestas de abajo, como tercero designado: para recibir el EIN y responder las preguntas del IRS sobre esta solicitud. La autorización termina cuando el IRS asigna el EIN y lo entrega al tercero designado.`,
        `También hace la declaración del formulario: “Bajo pena de perjurio, declaro que he examinado esta solicitud y que, a mi leal saber y entender, es verdadera, correcta y completa.” Lea cada respuesta. Si alguna no es correcta, no firme: corrija primero los datos de su empresa.`,
        foreign
          ? 'En la línea 7b dice “Foreign — none” (“Extranjero — ninguno”): esa línea pide un número de Seguro Social (SSN) o un ITIN, y las instrucciones del IRS indican que una persona responsable extranjera que no tiene ninguno de los dos responda así. No impide obtener el EIN. Si usted tiene un ITIN, avísenos antes de firmar.'
          : 'En la línea 7b va su número de Seguro Social (SSN), tomado del documento de identidad que nos dio. Por seguridad, no se imprime aquí y no lo guardamos.',
        `Tipo de entidad (línea 9a): ${entityType}. ${
          input.partner
            ? 'Con dos miembros, el IRS trata a la LLC como una sociedad (partnership).'
            : foreign
              ? 'Con un solo miembro extranjero, el IRS la trata como una entidad no considerada (disregarded entity) de propiedad extranjera, que cada año presenta el Formulario 5472.'
              : 'Con un solo miembro, el IRS la trata como una entidad no considerada (disregarded entity).'
        }`,
        'Cuando el IRS asigne el EIN, su carta de confirmación (CP 575) se agregará a sus documentos.',
      ],
    },
  };
}
