import { passwordCandidates } from './password-rules';

/**
 * The most common passwords of 8+ characters (breach-corpus top lists, English and Spanish),
 * refused at sign-up and reset (OWASP ASVS 5: block common passwords, no composition rules).
 * The browser's short list; the server also checks the long one (platform/auth/password-policy.ts).
 */
const list = `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword 12345678 123456789
1234567890 12345678910 0123456789 87654321 987654321 11111111 111111111 1111111111 00000000 000000000 88888888 66666666
12341234 11223344 12121212 123123123 123321123 147258369 123456789a 12345678a 1234567a 1q2w3e4r 1q2w3e4r5t 1qaz2wsx
1qaz2wsx3edc zaq12wsx zaq1zaq1 qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 qwertyu1 asdfghjk asdfghjkl asdf1234
zxcvbnm1 zxcvbnm123 q1w2e3r4 a1b2c3d4 abc12345 abcd1234 abcdefgh abcdefg1 aa123456 aaaaaaaa iloveyou iloveyou1 iloveyou2
princess princess1 sunshine sunshine1 football football1 baseball baseball1 basketball superman batman123 starwars
trustno1 welcome1 welcome123 letmein1 letmein123 dragon12 monkey12 master12 michael1 jennifer jordan23 charlie1
shadow12 whatever computer internet changeme changeme123 administrator admin123 admin1234 adminadmin rootroot
default1 secret12 secret123 security letmein! qazwsxedc mustang1 liverpool chelsea1 arsenal1 barcelona realmadrid
pokemon1 minecraft fortnite samsung1 google123 facebook1 linkedin microsoft mercedes ferrari1 corvette hello123
helloworld 1password passwort passwort1 azertyui azerty123 motdepasse contraseña contrasena contrasena1 contraseña1
contraseña123 contrasena123 teamo123 teamomucho teamo1234 tequiero tequiero1 mariposa mariposa1 corazon1 estrella
estrella1 princesa princesa1 futbol123 america1 mexico123 argentina colombia chocolate chocolate1 angelito
hola1234 hola12345 holamundo 12345abc 123abc123 abc123456 a12345678 qwe12345 qweasdzxc 1234qwer 123qweasd`;

const commonPasswords = new Set(list.split(/\s+/).filter(Boolean));

/** Also its variants: case, leetspeak, digits or symbols around it ('P@ssword2024!'). */
export function isCommonPassword(password: string): boolean {
  if (passwordCandidates(password).some((candidate) => commonPasswords.has(candidate))) return true;
  const normalized = password.trim().toLowerCase();
  // one character repeated ("aaaaaaaaaaaa") or a run of digits is as weak as the list
  return /^(.)\1+$/.test(normalized) || /^(0123456789|1234567890)+\d*$/.test(normalized);
}
