/**
 * The Spanish house style, machine-readable (docs/glossary.md is the same list for people): one
 * register, usted; one dialect, Latin American; one term per legal or product concept. Tests run
 * every Spanish string the product shows or sends through spanishStyleProblems(); nothing here is
 * bundled into the client.
 *
 * In `avoid`, a term matches whole words, case-insensitively; `*` at the end of a word stands for
 * any ending ("añad*" is añadir, añada, añadido…).
 */
export interface GlossaryEntry {
  en: string;
  /** the term to use */
  es: string;
  /** terms that must not appear in Spanish copy */
  avoid: string[];
  note?: string;
}

export const glossary: GlossaryEntry[] = [
  {
    en: 'LLC formation (our service)',
    es: 'constitución de LLC',
    avoid: ['formación*', 'formaciones', 'form* su LLC', 'form* una LLC', 'form* la LLC', 'LLC formad*'],
    note: 'Verb: constituir (constituya su LLC, LLC constituidas). "Formar" is kept only for other senses (formar un equipo).',
  },
  {
    en: 'Articles of Organization',
    es: 'acta de constitución (Articles of Organization)',
    avoid: ['artículos de organización', 'artículos de constitución', 'certificado de formación'],
    note: 'Keep the English name in parentheses at least once per page: it is the name on the state document.',
  },
  {
    en: 'Registered Agent',
    es: 'agente registrado (Registered Agent)',
    avoid: ['agente de registro', 'agente residente'],
    note: 'The English name in parentheses where the service is described.',
  },
  { en: 'Operating Agreement', es: 'acuerdo operativo (Operating Agreement)', avoid: ['contrato operativo', 'acuerdo de operación'] },
  {
    en: 'EIN (Employer Identification Number)',
    es: 'EIN (número de identificación del empleador)',
    avoid: ['NIF', 'RFC'],
    note: 'The IRS Spanish name; "EIN" alone after the first mention.',
  },
  { en: 'ITIN', es: 'ITIN (número de identificación personal del contribuyente)', avoid: [] },
  { en: 'IRS', es: 'IRS', avoid: ['Hacienda', 'Agencia Tributaria', 'SAT'], note: 'Never translated; "el IRS".' },
  {
    en: 'Secretary of State (state filing office)',
    es: 'Secretaría de Estado (Secretary of State)',
    avoid: ['Secretario de Estado'],
    note: 'When the office is not named: "la oficina estatal de registro".',
  },
  { en: 'SSN / Social Security', es: 'SSN / Seguro Social', avoid: ['Seguridad Social'] },
  { en: 'state of formation', es: 'estado de constitución', avoid: ['estado de formación'] },
  {
    en: 'state fee, filing fee, annual fee',
    es: 'tarifa estatal, tarifa de presentación, tarifa anual',
    avoid: ['tasa* estatal*', 'tasa* de presentación', 'tasa* de registro', 'tasa* anual*', 'tasa* del informe', 'tasa* gubernamental*'],
    note: '"Tasa" reads as Spain; "tasa de conversión" (a rate) is fine.',
  },
  { en: 'annual report', es: 'informe anual', avoid: [] },
  { en: 'franchise tax', es: 'franchise tax', avoid: [], note: 'Texas term, kept in English.' },
  { en: 'limited liability', es: 'responsabilidad limitada', avoid: [] },
  { en: 'amount (money)', es: 'monto', avoid: ['importe*'] },
  { en: 'add', es: 'agregar', avoid: ['añad*'] },
  { en: 'enter (type in)', es: 'ingrese', avoid: ['introduzca', 'introducir', 'introduce'] },
  { en: 'countdown', es: 'cuenta regresiva', avoid: ['cuenta atrás'] },
  { en: 'qualified', es: 'calificado', avoid: ['cualificad*'] },
  { en: 'computer', es: 'computadora', avoid: ['ordenador*'] },
  { en: 'mobile phone', es: 'celular', avoid: ['móvil*'] },
  { en: "driver's license", es: 'licencia de conducir', avoid: ['carné de conducir', 'carnet de conducir', 'permiso de conducir'] },
  { en: 'expire', es: 'vencer (el enlace vence, la sesión venció)', avoid: ['caduc*'] },
  { en: 'rating', es: 'calificación', avoid: ['valoración*'] },
  { en: 'quote (price)', es: 'cotización', avoid: [] },
  { en: 'spots left (offer)', es: 'cupos', avoid: [] },
  { en: 'leaderboard (ranking of affiliates)', es: 'clasificación', avoid: ['leaderboard'], note: 'The 728 × 90 ad size is a "banner horizontal".' },
  { en: 'checkout', es: 'pago, página de pago', avoid: ['checkout'] },
  { en: 'dashboard', es: 'panel', avoid: ['tablero', 'dashboard'] },
  { en: 'partner (co-owner)', es: 'socio (copropietario)', avoid: [] },
  { en: 'organizer', es: 'organizador', avoid: [] },
  {
    en: 'support request (what a customer sends)',
    es: 'solicitud de soporte',
    avoid: [],
    note: 'The customer sends a request, not a ticket; "ticket" stays on the team’s own screens and emails.',
  },
  {
    en: 'Welcome back, Ana!',
    es: '¡Hola de nuevo, Ana!',
    avoid: ['bienvenido*', '¡bienvenida*', 'bienvenida de nuevo'],
    note: 'We cannot know the gender of a name: greet without an adjective. Email: "Le damos la bienvenida a Frontera".',
  },
  { en: 'Ready to…?', es: '¿Quiere…? / ¿Todo listo para…?', avoid: ['¿listo*', '¿lista*'], note: 'No gendered adjective for the reader.' },
  { en: 'to take (a quiz), to grab', es: 'hacer, tomar', avoid: ['coger'] },
  {
    en: 'as a US citizen / if you are not a US citizen (to the reader)',
    es: 'para ciudadanos de EE. UU. / si usted no tiene la ciudadanía estadounidense',
    avoid: ['como ciudadan*', 'usted es ciudadan*', 'usted no es ciudadan*', 'miembro activo'],
    note: 'The reader has no known gender: neutral forms ("Cuenta activa", not "Miembro activo").',
  },
  {
    en: 'Try again',
    es: 'Inténtelo de nuevo',
    avoid: ['intentar de nuevo', 'vuelva a intentar*', 'intente de nuevo', 'intente nuevamente', 'inténtelo nuevamente', 'inténtelo otra vez'],
    note: 'One way, on buttons too.',
  },
  { en: 'Order #BAE24F1F', es: 'Pedido n.º BAE24F1F', avoid: [], note: 'Never "#" in Spanish (the detector refuses it).' },
  { en: 'freelancers, coaches', es: 'profesionales independientes, mentores de negocios', avoid: ['freelancer*', 'coach*'] },
  { en: 'KYC (know your customer)', es: 'verificación de identidad', avoid: ['KYC'] },
  { en: 'password hash', es: 'forma cifrada que no se puede revertir', avoid: ['hash'] },
  {
    en: 'status / state (both on one screen)',
    es: 'Estado del pedido / Estado de EE. UU.',
    avoid: [],
    note: '"Estado" alone as a label is refused: say which.',
  },
  { en: 'no fee (a federal form)', es: 'Sin costo', avoid: [] },
  {
    en: 'passkey',
    es: 'llave de acceso',
    avoid: ['passkey*', 'clave* de acceso'],
    note: 'The name Google, Apple and Microsoft use in Latin American Spanish; "contraseña" stays for the password.',
  },
];

/** Where the text addresses the reader as tú (or vos / vosotros). */
const tuAnywhere = [
  // pronouns and possessives
  'tu',
  'tus',
  'tú',
  'ti',
  'te',
  'contigo',
  'tuyo',
  'tuya',
  'tuyos',
  'tuyas',
  'vos',
  'vosotros',
  'vosotras',
  'vuestro',
  'vuestra',
  'vuestros',
  'vuestras',
  // present and subjunctive of tú
  'tienes',
  'puedes',
  'quieres',
  'necesitas',
  'eres',
  'estás',
  'haces',
  'sabes',
  'debes',
  'deseas',
  'prefieres',
  'recibes',
  'vives',
  'trabajas',
  'vendes',
  'buscas',
  'pagas',
  'obtienes',
  'usas',
  'eliges',
  'subes',
  'ingresas',
  'completas',
  'creas',
  'envías',
  'sigues',
  'vas',
  'has',
  'hayas',
  'puedas',
  'tengas',
  'quieras',
  'necesites',
  // voseo
  'tenés',
  'podés',
  'querés',
  'sos',
  'necesitás',
  'sabés',
  'hacés',
  'vivís',
  'elegí',
  'ingresá',
  'completá',
  // imperatives that are nothing else
  'haz',
  'obtén',
  'inténtalo',
  'escríbenos',
  'contáctanos',
  'cuéntanos',
  'llámanos',
  'envíanos',
  'síguenos',
  'dinos',
  'ábrelo',
  'súbelo',
  'revísalo',
  'cópialo',
  'descárgalo',
  'guárdalo',
  'pruébalo',
  'elígelo',
];

/**
 * Imperatives of tú that are also a third person or a noun ("el cliente sube", "una prueba"): a
 * problem only where a sentence or a label starts with them.
 */
const tuAtSentenceStart = [
  'ingresa',
  'sube',
  'elige',
  'revisa',
  'crea',
  'completa',
  'paga',
  'sigue',
  'empieza',
  'comienza',
  'gana',
  'envía',
  'escribe',
  'inicia',
  'abre',
  'agrega',
  'añade',
  'descubre',
  'prueba',
  'mira',
  'lee',
  'usa',
  'descarga',
  'copia',
  'comparte',
  'intenta',
  'vuelve',
  'espera',
  'habla',
  'solicita',
  'promociona',
  'encuentra',
  'consigue',
  'confirma',
  'guarda',
  'selecciona',
  'quita',
  'cambia',
  'verifica',
  'introduce',
  'recuerda',
  'aprovecha',
  'aprende',
  'prepara',
  'asegura',
  'continúa',
  'busca',
  'contacta',
  'llama',
  'visita',
  'ten',
  'pon',
  'sal',
  'di',
  've',
  'ven',
  'deja',
  'evita',
  'protege',
  'accede',
  'responde',
  'toca',
  'pulsa',
  'haz',
  'cierra',
  'sé',
];

const letter = '\\p{L}\\p{N}_';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (list: string[]) => list.map(escape).join('|');

/** A glossary `avoid` term as a whole-word, case-insensitive pattern ('*' = any word ending). */
export function avoidPattern(term: string): RegExp {
  const body = term
    .split(/\s+/)
    .map((word) => (word.endsWith('*') ? `${escape(word.slice(0, -1))}[${letter}]*` : escape(word)))
    .join('\\s+');
  return new RegExp(`(?<![${letter}])${body}(?![${letter}])`, 'iu');
}

interface Rule {
  pattern: RegExp;
  problem: string;
}

const rules: Rule[] = [
  { pattern: new RegExp(`(?<![${letter}])(${words(tuAnywhere)})(?![${letter}])`, 'iu'), problem: 'tú form' },
  { pattern: new RegExp(`(?:^|[.!?:;]\\s+|[¡¿(«“"]|\\n\\s*)(${words(tuAtSentenceStart)})(?![${letter}])`, 'iu'), problem: 'tú imperative' },
  // an enclitic tú imperative: regístrate, únete, prepárate, asegúrate (usted says regístrese, únase)
  {
    pattern: new RegExp(`(?<![${letter}])(?![\\p{L}]*mente(?![${letter}]))[\\p{L}]*[áéíóú][\\p{L}]*(?:ate|ete)(?![${letter}])`, 'iu'),
    problem: 'tú imperative',
  },
  ...glossary.flatMap((entry) => entry.avoid.map((term) => ({ pattern: avoidPattern(term), problem: `glossary: use "${entry.es}", not "${term}"` }))),
  // one kind of quotation marks: “…” (docs/glossary.md)
  { pattern: /["«»]/u, problem: 'quotation marks: use “…”' },
  // an order number, a rank: "Pedido n.º BAE24F1F"
  { pattern: /#\s?(?:\{\{|[\p{L}\p{N}])/u, problem: 'number sign: "n.º", not "#"' },
  // "Estado" alone is a status or a US state: say which
  { pattern: /(?:^|[.:]\s+)Estado:?\s*$/u, problem: 'ambiguous "Estado": "Estado del pedido" or "Estado de EE. UU."' },
  // figures as Latin American Spanish writes them, CLDR es-419 (docs/glossary.md, "Numbers")
  { pattern: /\d,\d{1,2}(?!\d)/u, problem: 'number: decimals take a point (4.7), not a comma' },
  { pattern: /\d\.\d{3}(?!\d)/u, problem: 'number: thousands are grouped with a comma (10,000), not a period' },
  { pattern: /\d[ \u00a0\u2009\u202f]\d{3}(?!\d)/u, problem: 'number: thousands are grouped with a comma (10,000), not a space' },
  { pattern: /(?<![\d.,])\d{5,}(?!\d)/u, problem: 'number: group the thousands of 5 digits and more (10,000)' },
  { pattern: /\d[ \u00a0\u202f]%/u, problem: 'number: a percentage takes no space (6.6%)' },
  { pattern: /(?<!US)\$\s?\d/u, problem: 'money: say the currency (US$399); a bare "$" reads as pesos' },
];

/** What is wrong with one Spanish string: tú forms, glossary-banned terms, figures in English form. */
export function spanishStyleProblems(text: string): string[] {
  // interpolation placeholders ({{price}}, {nombre}), links and addresses are not copy
  const copy = text.replace(/\{\{[^}]*\}\}|\{[^}]*\}|https?:\/\/\S+|\S+@\S+/g, ' ');
  return rules.flatMap(({ pattern, problem }) => {
    const match = pattern.exec(copy);
    return match ? [`${problem}: "${match[0].trim()}"`] : [];
  });
}
