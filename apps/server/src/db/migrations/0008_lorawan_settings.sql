CREATE TABLE "lw_settings" (
	"project_id" bigint PRIMARY KEY NOT NULL,
	"client_id" bigint NOT NULL,
	"broker_url" varchar(200) NOT NULL,
	"application_id" varchar(36) NOT NULL,
	"mqtt_username" varchar(64) DEFAULT '' NOT NULL,
	"mqtt_password" varchar(128) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64) DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone,
	"remark" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lw_settings_application_uq" ON "lw_settings" USING btree ("broker_url","application_id");