CREATE TABLE "lt_map_rollup" (
	"project_id" bigint PRIMARY KEY NOT NULL,
	"built_at" bigint NOT NULL,
	"devices" integer NOT NULL,
	"cx" integer[] NOT NULL,
	"cy" integer[] NOT NULL,
	"t" smallint[] NOT NULL,
	"s" smallint[] NOT NULL,
	"n" integer[] NOT NULL,
	"sx" double precision[] NOT NULL,
	"sy" double precision[] NOT NULL,
	"west" double precision,
	"south" double precision,
	"east" double precision,
	"north" double precision
);
