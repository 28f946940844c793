-- Issue 39: what a company's registration in the RNE says (the search API's `immatriculation`
-- block), one row per source: the raw INPI RNE formality and the Annuaire's view of it.
CREATE TABLE "company_registrations" (
	"siren" char(9) NOT NULL,
	"source" text NOT NULL,
	"source_date" date,
	"registration_date" date,
	"strike_off_date" date,
	"activity_start_date" date,
	"capital_amount" numeric(20, 2),
	"capital_currency" char(3),
	"capital_variable" boolean,
	"duration_years" smallint,
	"closing_day_month" char(4),
	"end_of_existence" date,
	"natures" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "company_registrations_siren_source_pk" PRIMARY KEY("siren","source")
);
