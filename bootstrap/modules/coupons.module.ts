import type { Container } from '../token.js';
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

/** Coupons: repository, reads, the three writes and the attribution lookup. No background job. */
export const registerCoupons = (c: Container): void => {
  c.register(T.CouponRepository, single((r) => new SqlCouponRepository(r.resolve(T.Orm))));
  c.register(T.CouponQueries, single((r) => new SqlCouponQueries(r.resolve(T.Orm))));
  c.register(T.AffiliateStandings, single((r) => new SqlAffiliateStandings(r.resolve(T.Orm))));
  c.register(
    T.RegisterCoupon,
    single(
      (r) =>
        new RegisterCoupon(
          r.resolve(T.UnitOfWork),
          r.resolve(T.CampaignRepository),
          r.resolve(T.AffiliateRepository),
          r.resolve(T.AffiliateStandings),
          r.resolve(T.CouponRepository),
          r.resolve(T.EventOutbox),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(
    T.UpdateCoupon,
    single(
      (r) =>
        new UpdateCoupon(r.resolve(T.UnitOfWork), r.resolve(T.CouponRepository), r.resolve(T.CampaignRepository), r.resolve(T.EventOutbox), r.resolve(T.Clock)),
    ),
  );
  c.register(
    T.DeleteCoupon,
    single((r) => new DeleteCoupon(r.resolve(T.UnitOfWork), r.resolve(T.CouponRepository), r.resolve(T.EventOutbox), r.resolve(T.Clock))),
  );
  c.register(T.FindCouponForAttribution, single((r) => new FindCouponForAttribution(r.resolve(T.CouponRepository))));
};

export const couponRouteDependencies = (c: Container): CouponUseCases => ({
  registerCoupon: c.resolve(T.RegisterCoupon),
  updateCoupon: c.resolve(T.UpdateCoupon),
  deleteCoupon: c.resolve(T.DeleteCoupon),
  couponQueries: c.resolve(T.CouponQueries),
});
