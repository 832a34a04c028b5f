CREATE TABLE "lt_lighting_lamp_month" (
	"device_id" bigint NOT NULL,
	"month" date NOT NULL,
	"client_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"lit_seconds" bigint DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lt_lighting_lamp_month_device_id_month_pk" PRIMARY KEY("device_id","month")
);
--> statement-breakpoint
CREATE INDEX "lt_lighting_lamp_month_project_idx" ON "lt_lighting_lamp_month" USING btree ("project_id","month");--> statement-breakpoint
CREATE INDEX "lt_lamp_lit_open_idx" ON "lt_lamp_lit" USING btree ("project_id") WHERE lit_since is not null;--> statement-breakpoint
INSERT INTO "lt_lighting_lamp_month" ("device_id", "month", "client_id", "project_id", "lit_seconds", "days")
SELECT "device_id", date_trunc('month', "day")::date, min("client_id"), min("project_id"), sum("lit_seconds"), count(*)
  FROM "lt_lighting_day" GROUP BY 1, 2;
