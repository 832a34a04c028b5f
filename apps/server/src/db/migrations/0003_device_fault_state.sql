ALTER TABLE "lt_device_state" ADD COLUMN "fault" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lt_device_state" ADD COLUMN "fault_codes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "lt_device_state_fault_idx" ON "lt_device_state" USING btree ("project_id","device_id") WHERE fault;--> statement-breakpoint
-- devices faulty now by the events already recorded: fault events not followed by a recovery
UPDATE "lt_device_state" s SET "fault_codes" = f.codes, "fault" = true
FROM (
  SELECT a.device_id, jsonb_object_agg(a.event_type, to_char(a.since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS codes
  FROM (
    SELECT e.device_id, e.event_type, min(e.ts) AS since
    FROM "lt_device_event" e
    WHERE e.event_type NOT IN ('ONLINE', 'OFFLINE', 'RECOVER', 'POWER_UP')
      AND (e.event_type = 'FAULT' OR e.level IN ('dangerous', 'serious', 'urgent'))
      AND NOT EXISTS (
        SELECT 1 FROM "lt_device_event" r
        WHERE r.device_id = e.device_id AND r.event_type = 'RECOVER' AND r.ts >= e.ts
          AND (r.data IS NULL OR NOT (r.data ? 'type') OR r.data ->> 'type' = e.event_type))
    GROUP BY e.device_id, e.event_type
  ) a
  GROUP BY a.device_id
) f
WHERE s.device_id = f.device_id;
