-- Issue 54. Sessions keep the SHA-256 of their cookie's value, not the value (lib/auth/sessions.ts
-- sessionKey): the existing rows are hashed in place, so every browser signed in before stays signed in.
-- (Written by hand from the generated drop-and-add, which would have ended every session.)
ALTER TABLE "sessions" RENAME COLUMN "sessionToken" TO "tokenHash";
UPDATE "sessions" SET "tokenHash" = encode(sha256(convert_to("tokenHash", 'UTF8')), 'hex');
ALTER INDEX "sessions_sessionToken_key" RENAME TO "sessions_tokenHash_key";

-- Settings lists the remembered browsers: the browser family, and when each last skipped the second step.
ALTER TABLE "remembered_browsers" ADD COLUMN     "browser" TEXT,
ADD COLUMN     "lastUsedAt" TIMESTAMP(3);
