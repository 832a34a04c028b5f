CREATE TABLE "lt_lamp_lit" (
	"device_id" bigint PRIMARY KEY NOT NULL,
	"client_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"lit_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lt_lighting_day" (
	"device_id" bigint NOT NULL,
	"day" date NOT NULL,
	"client_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"lit_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lt_lighting_day_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "lt_lighting_project_day" (
	"project_id" bigint NOT NULL,
	"day" date NOT NULL,
	"client_id" bigint NOT NULL,
	"lit_seconds" bigint DEFAULT 0 NOT NULL,
	"lamps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lt_lighting_project_day_project_id_day_pk" PRIMARY KEY("project_id","day")
);
--> statement-breakpoint
CREATE TABLE "lt_lighting_sample" (
	"project_id" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"client_id" bigint NOT NULL,
	"devices" integer NOT NULL,
	"online" integer NOT NULL,
	"expected" integer NOT NULL,
	"lit" integer NOT NULL,
	CONSTRAINT "lt_lighting_sample_project_id_ts_pk" PRIMARY KEY("project_id","ts")
);
--> statement-breakpoint
CREATE INDEX "lt_lamp_lit_project_idx" ON "lt_lamp_lit" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "lt_lighting_day_project_idx" ON "lt_lighting_day" USING btree ("project_id","day");--> statement-breakpoint
CREATE INDEX "lt_lighting_project_day_client_idx" ON "lt_lighting_project_day" USING btree ("client_id","day");--> statement-breakpoint
CREATE INDEX "lt_lighting_sample_client_idx" ON "lt_lighting_sample" USING btree ("client_id","ts");