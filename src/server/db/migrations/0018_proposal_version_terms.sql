-- The agency's terms, frozen with each version when it is sent. Versions sent before stay null:
-- their clients answered without terms, and their recorded hashes must still match.
ALTER TABLE "proposal_versions" ADD COLUMN "terms" jsonb;
