-- CreateTable
CREATE TABLE "wearable_oauth_states" (
    "id" TEXT NOT NULL,
    "stateHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "provider" "WearableProvider" NOT NULL,
    "codeVerifierEncrypted" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wearable_oauth_states_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "wearable_oauth_states_stateHash_key" ON "wearable_oauth_states"("stateHash");

-- CreateIndex
CREATE INDEX "wearable_oauth_states_userId_idx" ON "wearable_oauth_states"("userId");

-- AddForeignKey
ALTER TABLE "wearable_oauth_states" ADD CONSTRAINT "wearable_oauth_states_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
