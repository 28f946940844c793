/**
 * How a requester proves who they are. An e-mail proves a mailbox, not an identity: every
 * opposition request carries a proof that an operator checks against the person before anything
 * is hidden (src/opposition/review.ts).
 *
 * Providers behind one interface:
 * - `DocumentUploadProof`, the one configured today: an identity document uploaded with the form
 *   (src/opposition/identity-document.ts), encrypted at rest, read only by operators, deleted with
 *   the decision;
 * - `FranceConnectProof`, a stub: an identity-provider login (OpenID Connect: the requester signs
 *   in at FranceConnect, which returns their family name, given names and birth date, matched
 *   against the person). It is enabled only once built with its client settings, and until its
 *   login flow is written it refuses every proof; `identityProofProviders()` leaves it out.
 */
import m from '@/i18n/fr/opposition';
import { failure, success, type Result } from '@/lib/errors';
import { checkIdentityDocument, type IdentityDocument } from './identity-document';

export type IdentityProof =
  | { method: 'document'; document: IdentityDocument }
  | {
      method: 'franceconnect';
      subject: string;
      familyName: string;
      givenNames: string;
      birthdate: string;
    };

/** What a submitted request carries for the providers: its uploaded files (field, name, bytes). */
export type ProofSubmission = {
  files: ReadonlyArray<{ field: string; name: string; bytes: Uint8Array }>;
};

export interface IdentityProofProvider {
  readonly method: IdentityProof['method'];
  /** Whether the provider may be offered (its settings are present). */
  isEnabled(): boolean;
  /** The proof a submission carries, or a French refusal naming the field. */
  proofFrom(submission: ProofSubmission): Result<IdentityProof>;
}

/** The form's field of the identity document. */
export const DOCUMENT_FIELD = 'document';

class DocumentUploadProof implements IdentityProofProvider {
  readonly method = 'document' as const;
  isEnabled() {
    return true;
  }
  proofFrom(submission: ProofSubmission): Result<IdentityProof> {
    const files = submission.files.filter((f) => f.field === DOCUMENT_FIELD);
    const refuse = (message: string) =>
      failure('VALIDATION_FAILED', message, { fields: { document: [message] } });
    if (submission.files.length > 1 || files.length > 1) return refuse(m.fields.documentOne);
    const file = files[0];
    if (!file) return refuse(m.fields.documentMissing);
    const doc = checkIdentityDocument(file);
    return doc.ok ? success({ method: 'document', document: doc.value }) : doc;
  }
}

type FranceConnectSettings = { clientId: string; clientSecret: string; issuer: string };

class FranceConnectProof implements IdentityProofProvider {
  readonly method = 'franceconnect' as const;
  constructor(private readonly settings: FranceConnectSettings | null) {}
  isEnabled() {
    return this.settings !== null;
  }
  proofFrom(): Result<IdentityProof> {
    // The OpenID Connect flow (authorize, callback, ID token check) is not written yet.
    return failure('SERVICE_UNAVAILABLE', m.fields.franceConnectUnavailable);
  }
}

/**
 * The providers offered, the first being the default. FranceConnect would come first once its
 * settings exist and its login flow is written; today: the document upload alone.
 */
export function identityProofProviders(): IdentityProofProvider[] {
  return [new FranceConnectProof(null), new DocumentUploadProof()].filter((p) => p.isEnabled());
}
