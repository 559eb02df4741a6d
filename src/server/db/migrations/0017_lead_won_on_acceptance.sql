-- Converting a lead used to mark it won before any proposal was signed. A lead is won when its
-- proposal is accepted: give each lead that conversion alone made won the stage it had before
-- (kept in the conversion's audit row), unless staff changed its status since, or a proposal of
-- the lead or its client was accepted.
UPDATE "leads" AS l
SET "status" = conversion.before_status
FROM (
  SELECT DISTINCT ON (a."target_id")
    a."target_id",
    a."created_at",
    a."changes" -> 'before' ->> 'status' AS before_status
  FROM "audit_events" a
  WHERE a."action" = 'lead.converted'
    AND a."changes" -> 'after' ->> 'status' = 'won'
  ORDER BY a."target_id", a."created_at" DESC
) AS conversion
WHERE l."id"::text = conversion."target_id"
  AND l."status" = 'won'
  AND conversion.before_status IN ('new', 'contacted', 'qualified')
  AND NOT EXISTS (
    SELECT 1 FROM "audit_events" later
    WHERE later."action" = 'lead.status-changed'
      AND later."target_id" = conversion."target_id"
      AND later."created_at" > conversion."created_at"
  )
  AND NOT EXISTS (
    SELECT 1 FROM "proposals" p
    WHERE p."status" = 'accepted'
      AND (p."lead_id" = l."id" OR (l."company_id" IS NOT NULL AND p."company_id" = l."company_id"))
  );
