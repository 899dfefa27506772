-- AlterTable
ALTER TABLE "CheckoutSession" ADD COLUMN "hostedCheckoutUrl" TEXT;
