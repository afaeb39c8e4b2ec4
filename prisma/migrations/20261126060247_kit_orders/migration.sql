-- Track one's blood testing kit orders: the address and whether the kit team was told (issue 25).
-- CreateTable
CREATE TABLE "kit_orders" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "line1" TEXT NOT NULL,
    "line2" TEXT,
    "city" TEXT NOT NULL,
    "region" TEXT,
    "postalCode" TEXT NOT NULL,
    "country" VARCHAR(2) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "orderedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "kit_orders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "kit_orders_userId_key" ON "kit_orders"("userId");

-- AddForeignKey
ALTER TABLE "kit_orders" ADD CONSTRAINT "kit_orders_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
