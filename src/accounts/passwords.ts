import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/**
 * Passwords people pick first (the most frequent of public breach lists, plus French favourites):
 * refused whatever their length. Compared in lower case, without spaces.
 */
const COMMON = new Set(
  `123456 123456789 12345678 1234567890 12345 1234567 password password1 password123 qwerty
  qwertyuiop azerty azertyuiop azerty123 111111 000000 123123 abc123 iloveyou 1q2w3e4r 1q2w3e4r5t
  1qaz2wsx qazwsx 654321 987654321 0123456789 motdepasse motdepasse1 motdepasse123 soleil
  doudou chouchou loulou marseille nicolas jetaime jetaime123 bonjour bonjour123 coucou
  football 123soleil princesse vivelavie doudou123 camille alexandre liverpool starwars
  dragon monkey letmein welcome welcome1 admin admin123 administrator passw0rd p@ssw0rd
  p@ssword sunshine master shadow superman batman trustno1 baseball whatever freedom
  michael charlie jennifer jordan23 hello123 zaq12wsx qwerty123 qwerty1234 1234qwer
  aa123456 abcd1234 abcdef abcdefgh 11111111 1111111111 00000000 0000000000 88888888
  12341234 123qwe 123abc changeme secret secret123 azertyui azertyuiop123 motdepasse!
  marseille13 parisparis paris123 france france123 orange orange123 nathalie olivier
  celine isabelle sebastien frederic stephanie christophe 1234567891 12345678910
  registre registre123 entreprise entreprise123 societe societe123 kbis123456`
    .split(/\s+/)
    .filter(Boolean),
);

export type PasswordProblem = 'too-short' | 'too-long' | 'common';

export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too-long';
  const folded = password.toLowerCase().replace(/\s+/g, '');
  if (COMMON.has(folded)) return 'common';
  // A password made of one repeated character, or the e-mail itself, is as good as common.
  if (/^(.)\1+$/.test(folded)) return 'common';
  if (email && folded === email.toLowerCase()) return 'common';
  if (email && folded === email.toLowerCase().split('@')[0]) return 'common';
  return null;
}

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  'too-short': `Le mot de passe doit compter au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  'too-long': `Le mot de passe doit compter au plus ${PASSWORD_MAX_LENGTH} caractères.`,
  common:
    'Ce mot de passe est trop courant : choisissez-en un que personne ne devinerait (une phrase, par exemple).',
};
