CREATE TABLE "biz_dashboard_setting" (
	"client_id" bigint PRIMARY KEY NOT NULL,
	"title" varchar(40) NOT NULL,
	"logo" varchar(255) DEFAULT '' NOT NULL,
	"panels" jsonb NOT NULL,
	"refresh_seconds" integer NOT NULL,
	"update_by" varchar(64) DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ops_connectivity_sample" (
	"project_id" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"connection" varchar(12) NOT NULL,
	"client_id" bigint NOT NULL,
	"devices" integer NOT NULL,
	"online" integer NOT NULL,
	CONSTRAINT "ops_connectivity_sample_project_id_ts_connection_pk" PRIMARY KEY("project_id","ts","connection")
);
