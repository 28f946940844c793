-- Requests received before opposition requests had to be confirmed (src/opposition) were honoured
-- at once, whoever sent them. Each gets a case, so that operators see and can review it
-- (`npm run ops -- oppositions:list --status applied`). A legal person's registry data is not
-- hidden on request (the right to object belongs to natural persons): those requests are
-- withdrawn here, with the reason in their history.
INSERT INTO opposition_cases (kind, siren, person_key, email, reason, status, expires_at,
                              opposition_request_id, created_at, confirmed_at, decided_at)
SELECT CASE WHEN o.person_key IS NULL THEN 'company' ELSE 'person' END,
       o.siren, o.person_key, o.email, o.reason,
       CASE WHEN o.person_key IS NULL AND EXISTS (
              SELECT 1 FROM companies c
              WHERE c.siren = o.siren AND NOT c.is_natural_person
                AND c.legal_form_code IS NOT NULL AND c.legal_form_code NOT LIKE '1%')
            THEN 'rejected' ELSE 'applied' END,
       o.created_at, o.id, o.created_at, NULL, now()
FROM opposition_requests o
WHERE o.status <> 'rejected';
--> statement-breakpoint
INSERT INTO opposition_case_events (case_id, at, actor, action, note)
SELECT id, now(), 'migration', status,
       CASE WHEN status = 'rejected'
            THEN 'Demande reçue sans confirmation ; personne morale : données non masquables sur demande.'
            ELSE 'Demande reçue sans confirmation par courriel, appliquée dès réception (ancien fonctionnement).' END
FROM opposition_cases WHERE opposition_request_id IS NOT NULL;
--> statement-breakpoint
UPDATE opposition_requests o SET status = 'rejected'
FROM opposition_cases k
WHERE k.opposition_request_id = o.id AND k.status = 'rejected';
