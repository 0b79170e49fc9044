import { describe, expect, it } from 'vitest';
import { avoidPattern, spanishStyleProblems } from './glossary';

describe('spanishStyleProblems: tú forms', () => {
  it.each([
    'Sigue la formación de tus LLC',
    'Aún no tienes pedidos',
    'Crea tu primera LLC',
    'Tu pedido está guardado.',
    'Pedido guardado. Completa el pago para iniciar.',
    'Paga en la página segura de nuestro proveedor.',
    'Error al subir el documento. Inténtalo de nuevo.',
    'Próximamente: habla con el cliente.',
    '¿Puedes ayudarnos?',
    'Te enviamos un correo.',
    'Escríbenos cuando quieras.',
    'Regístrate gratis',
    'Únete al mercado',
    'Asegúrate de tener tu pasaporte',
    'Si vos querés una LLC',
    'Haz clic aquí',
    '¡Elige un estado!',
    'Necesitas un EIN',
    'Contamos contigo',
    'Esto es para ti',
  ])('finds a tú form in "%s"', (text) => {
    expect(spanishStyleProblems(text).some((problem) => problem.startsWith('tú'))).toBe(true);
  });

  it.each([
    'Siga la constitución de sus LLC y encuentre sus documentos.',
    'El cliente sube sus documentos y revisa el pedido.',
    'El trámite comienza en menos de 24 horas.',
    'Una prueba de identidad para emitir su EIN.',
    'Programa de socios JV de Frontera',
    'Forma parte del paquete.',
    'Esta es la página de pago de prueba.',
    'Tome un té mientras esperamos.',
    'Datos estatales: US LLC State Requirements Dataset, StartupSole LLC, CC BY 4.0',
    'Regístrese, únase al mercado y prepárese para el lanzamiento.',
    'Escríbanos cuando quiera. Cuéntenos sobre su negocio.',
    'Responda rápidamente al trámite: el límite es de 12 horas.',
    'Texas, Tennessee y Utah: estados con tarifas bajas.',
    'Inténtelo de nuevo. Elija un archivo.',
    'Un tutorial sobre su cuenta; la tutela de datos.',
    'Paquete completo; chocolate; tomate.',
  ])('accepts usted and words that merely contain a marker: "%s"', (text) => {
    expect(spanishStyleProblems(text)).toEqual([]);
  });
});

describe('spanishStyleProblems: glossary and numbers', () => {
  it.each([
    ['Importe pagado', 'importe'],
    ['Añadir socio', 'añad'],
    ['Le hemos añadido a la lista', 'añad'],
    ['Formación de LLC en EE. UU.', 'formación'],
    ['Solo quedan 47 formaciones', 'formaciones'],
    ['Forme su LLC hoy', 'form'],
    ['más de 10 000 LLC formadas', 'formad'],
    ['Introduzca un correo electrónico', 'introduzca'],
    ['la cuenta atrás', 'cuenta atrás'],
    ['un profesional cualificado', 'cualificad'],
    ['desde su ordenador o su móvil', 'ordenador'],
    ['¡Bienvenido de nuevo, Ana!', 'bienvenid'],
    ['¡Bienvenida a Frontera!', 'bienvenid'],
    ['Bienvenidos de nuevo', 'bienvenid'],
    ['Los Artículos de Organización', 'artículos de organización'],
    ['Tasas estatales incluidas', 'tasa'],
    ['El enlace caduca en 30 minutos', 'caduc'],
    ['Valoración de 4,9 sobre 5', 'valoración'],
    ['Leaderboard', 'leaderboard'],
    ['¿Listo para empezar?', 'listo'],
  ])('"%s" uses a banned term (%s)', (text, term) => {
    expect(spanishStyleProblems(text).join(' ').toLowerCase()).toContain(term);
  });

  // Latin American Spanish (es-419) writes figures as US English does, and says the currency
  it.each([
    ['4,9/5', 'number'],
    ['Calificación de 4,9 sobre 5', 'number'],
    ['más de 10\u202f000 LLC', 'number'],
    ['10 000+', 'number'],
    ['10.000 clientes', 'number'],
    ['10000 clientes', 'number'],
    ['una tasa del 6,6 %', 'number'],
    ['6.6 %', 'number'],
    ['Unos $138.75 al año', 'money'],
    ['Pagar $399', 'money'],
    ['$14,200, $9600 y $500', 'money'],
    ['Monto: $ 4.50', 'money'],
  ])('"%s" writes a figure in another format (%s)', (text, kind) => {
    expect(spanishStyleProblems(text).some((problem) => problem.startsWith(kind))).toBe(true);
  });

  it.each([
    'Calificación de 4.9 sobre 5',
    '4.7/5 · más de 10,000 LLC constituidas',
    'US$14,200, US$9600 y US$500',
    'Unos US$138.75 al año',
    'una tasa del 6.6%',
    'Agregar socio',
    'Monto pagado',
    'Constitución de LLC en EE. UU.',
    'Formar un equipo y crecer en el mercado de EE. UU.',
    'la tasa de conversión',
    'Banners de 728x90 y 1080x1080',
    'Con el prefijo del país, por ejemplo +52 55 1234 5678.',
    'Lanzamiento: 1 de junio de 2025 a las 12:00 p. m. EST',
    '¡Hola de nuevo, {{name}}!',
    'Su {{bienvenido}} no es copia',
    'Le damos la bienvenida a Frontera. Su panel: https://llc.example.com/dashboard',
  ])('accepts "%s"', (text) => {
    expect(spanishStyleProblems(text)).toEqual([]);
  });

  it('matches avoided terms as whole words, with * for any ending', () => {
    expect(avoidPattern('añad*').test('Añadimos')).toBe(true);
    expect(avoidPattern('importe*').test('importes')).toBe(true);
    expect(avoidPattern('importe*').test('reimporte')).toBe(false);
    expect(avoidPattern('cuenta atrás').test('cuenta  atrás')).toBe(true);
  });
});
