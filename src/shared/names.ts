import { foldText } from './fold-text';

/*
 * How the dashboard and the emails greet people: by the whole first name. In
 * Spanish and Portuguese a first name is often two ("María José", "Juan Pablo", "María del Carmen")
 * before one or two surnames, and "Hola, María" would cut it. The account holds one free-text name,
 * so the second word is taken as part of the first name when it is one of these given names that
 * commonly follow another. Given names that are common surnames too (Martín, Santiago, Tomás,
 * Rosa, Cruz) are not in the list, so "Ana Martín García" is still "Ana".
 */
const followingGivenNames = new Set(
  [
    // masculine
    'José',
    'Luis',
    'Carlos',
    'Pablo',
    'Manuel',
    'Antonio',
    'Miguel',
    'Ángel',
    'Francisco',
    'Javier',
    'Alberto',
    'Eduardo',
    'Fernando',
    'Andrés',
    'David',
    'Esteban',
    'Felipe',
    'Ignacio',
    'Sebastián',
    'Alejandro',
    'Enrique',
    'Rafael',
    'Jesús',
    'Emilio',
    'Gabriel',
    'Daniel',
    'Diego',
    'Camilo',
    'Mateo',
    'Julián',
    'Joaquín',
    'Agustín',
    'Nicolás',
    'Ricardo',
    'Roberto',
    'Rodrigo',
    'Gerardo',
    'Guillermo',
    'Jorge',
    'Mario',
    'Sergio',
    'Arturo',
    'Alfonso',
    'Gustavo',
    'Ernesto',
    'Octavio',
    'Alfredo',
    'Gonzalo',
    'Cristóbal',
    // feminine
    'María',
    'Elena',
    'Isabel',
    'Teresa',
    'Fernanda',
    'Sofía',
    'Paula',
    'Laura',
    'Lucía',
    'Victoria',
    'Eugenia',
    'Luisa',
    'Inés',
    'Belén',
    'Alejandra',
    'Gabriela',
    'Cristina',
    'Carolina',
    'Andrea',
    'Valentina',
    'Camila',
    'Paz',
    'Luz',
    'Pilar',
    'Mercedes',
    'Dolores',
    'Guadalupe',
    'Soledad',
    'Rocío',
    'Esperanza',
    'Milagros',
    'Lourdes',
    'Montserrat',
    'Patricia',
    'Beatriz',
    'Clara',
    'Cecilia',
    'Verónica',
    'Mónica',
    'Adriana',
    'Antonia',
    'Josefa',
    'Emilia',
    'Regina',
    'Ximena',
    'Renata',
    'Eduarda',
    'Helena',
    'Marta',
    'Carmen',
    'Ana',
    // English double first names
    'Ann',
    'Anne',
    'Marie',
    'Jo',
    'Lou',
    'Lynn',
    'Beth',
    'Mae',
  ].map(foldText),
);
/** particles inside a first name: "María del Carmen", "María de los Ángeles", "Juan de Dios" */
const particles = [['del'], ['de', 'la'], ['de', 'los'], ['de', 'las'], ['de']];
const afterParticle = new Set(
  ['Carmen', 'Pilar', 'Rosario', 'Mar', 'Sol', 'Ángeles', 'Dolores', 'Mercedes', 'Luz', 'Socorro', 'Rocío', 'Consuelo', 'Dios', 'Jesús'].map(foldText),
);

/** The first name of a full name, for a greeting: "María José" of "María José Peña". Empty for a blank name. */
export function firstName(name: string | null | undefined): string {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return '';
  const rest = words.slice(1).map(foldText);
  for (const particle of particles) {
    const next = rest[particle.length];
    if (particle.every((word, i) => rest[i] === word) && next && afterParticle.has(next)) return words.slice(0, particle.length + 2).join(' ');
  }
  const second = rest[0];
  if (second && followingGivenNames.has(second)) return words.slice(0, 2).join(' ');
  return words[0]!;
}
