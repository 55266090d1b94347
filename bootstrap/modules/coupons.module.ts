import type { DependencyContainer } from 'tsyringe';
import { DeleteCoupon } from '../../application/coupons/delete-coupon.js';
import { FindCouponForAttribution } from '../../application/coupons/find-coupon-for-attribution.js';
import { RegisterCoupon } from '../../application/coupons/register-coupon.js';
import { UpdateCoupon } from '../../application/coupons/update-coupon.js';
import type { CouponUseCases } from '../../adapters/http/routes/coupons.routes.js';
import { SqlCouponRepository } from '../../adapters/persistence/repositories/sql-coupon-repository.js';
import { SqlAffiliateStandings } from '../../adapters/persistence/repositories/sql-affiliate-standings.js';
import { SqlCouponQueries } from '../../adapters/persistence/repositories/sql-coupon-queries.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

export const COUPON_TOKENS = {
  CouponRepository: Symbol('CouponRepository'),
  CouponQueries: Symbol('CouponQueries'),
  AffiliateStandings: Symbol('AffiliateStandings'),
  RegisterCoupon: Symbol('RegisterCoupon'),
  UpdateCoupon: Symbol('UpdateCoupon'),
  DeleteCoupon: Symbol('DeleteCoupon'),
  /** For payment-provider notifications: a sale's discount → coupon, affiliate and campaign. */
  FindCouponForAttribution: Symbol('FindCouponForAttribution'),
} as const;
const K = COUPON_TOKENS;

/** Coupons: repository, reads, the three writes and the attribution lookup. No background job. */
export const registerCoupons = (c: DependencyContainer): void => {
  c.register(K.CouponRepository, single((r) => new SqlCouponRepository(r.resolve(T.Orm))));
  c.register(K.CouponQueries, single((r) => new SqlCouponQueries(r.resolve(T.Orm))));
  c.register(K.AffiliateStandings, single((r) => new SqlAffiliateStandings(r.resolve(T.Orm))));
  c.register(
    K.RegisterCoupon,
    single(
      (r) =>
        new RegisterCoupon(
          r.resolve(T.UnitOfWork),
          r.resolve(T.CampaignRepository),
          r.resolve(T.AffiliateRepository),
          r.resolve(K.AffiliateStandings),
          r.resolve(K.CouponRepository),
          r.resolve(T.EventOutbox),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(
    K.UpdateCoupon,
    single(
      (r) =>
        new UpdateCoupon(r.resolve(T.UnitOfWork), r.resolve(K.CouponRepository), r.resolve(T.CampaignRepository), r.resolve(T.EventOutbox), r.resolve(T.Clock)),
    ),
  );
  c.register(
    K.DeleteCoupon,
    single((r) => new DeleteCoupon(r.resolve(T.UnitOfWork), r.resolve(K.CouponRepository), r.resolve(T.EventOutbox), r.resolve(T.Clock))),
  );
  c.register(K.FindCouponForAttribution, single((r) => new FindCouponForAttribution(r.resolve(K.CouponRepository))));
};

export const couponRouteDependencies = (c: DependencyContainer): CouponUseCases => ({
  registerCoupon: c.resolve(K.RegisterCoupon),
  updateCoupon: c.resolve(K.UpdateCoupon),
  deleteCoupon: c.resolve(K.DeleteCoupon),
  couponQueries: c.resolve(K.CouponQueries),
});

/** The attribution use case, for whoever wires the payment-provider ingestion (and for tests). */
export const couponAttribution = (c: DependencyContainer): FindCouponForAttribution => c.resolve(K.FindCouponForAttribution);
