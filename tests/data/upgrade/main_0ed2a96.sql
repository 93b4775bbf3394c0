BEGIN TRANSACTION;
CREATE TABLE "_sqlite_migrations" (
   "id" INTEGER PRIMARY KEY,
   "migration_set" TEXT,
   "name" TEXT,
   "applied_at" TEXT
);
INSERT INTO "_sqlite_migrations" VALUES(1,'scorekeeper','m001_app_info','2026-11-30 23:42:33.613256+00:00');
INSERT INTO "_sqlite_migrations" VALUES(2,'scorekeeper','m002_games_and_deals','2026-11-30 23:42:33.615531+00:00');
INSERT INTO "_sqlite_migrations" VALUES(3,'scorekeeper','m003_evenings_and_archive','2026-11-30 23:42:33.618947+00:00');
INSERT INTO "_sqlite_migrations" VALUES(4,'scorekeeper','m004_login_attempts','2026-11-30 23:42:33.619868+00:00');
INSERT INTO "_sqlite_migrations" VALUES(5,'scorekeeper','m005_game_sheets','2026-11-30 23:42:33.621435+00:00');
CREATE TABLE "actions" (
   "id" INTEGER PRIMARY KEY,
   "game_id" TEXT NOT NULL REFERENCES "games"("id"),
   "deal_id" INTEGER NOT NULL REFERENCES "deals"("id"),
   "action" TEXT NOT NULL,
   "previous_input" TEXT,
   "undone_at" TEXT,
   "created_at" TEXT NOT NULL
);
INSERT INTO "actions" VALUES(1,'re3863ef',1,'record',NULL,NULL,'2026-11-30T23:42:33.721+00:00');
INSERT INTO "actions" VALUES(2,'re3863ef',2,'record',NULL,NULL,'2026-11-30T23:42:33.723+00:00');
INSERT INTO "actions" VALUES(3,'re3863ef',3,'record',NULL,NULL,'2026-11-30T23:42:33.725+00:00');
INSERT INTO "actions" VALUES(4,'re3863ef',4,'record',NULL,NULL,'2026-11-30T23:42:33.727+00:00');
INSERT INTO "actions" VALUES(5,'re3863ef',5,'record',NULL,NULL,'2026-11-30T23:42:33.729+00:00');
INSERT INTO "actions" VALUES(6,'re3863ef',6,'record',NULL,NULL,'2026-11-30T23:42:33.730+00:00');
INSERT INTO "actions" VALUES(7,'re3863ef',7,'record',NULL,NULL,'2026-11-30T23:42:33.732+00:00');
INSERT INTO "actions" VALUES(8,'re3863ef',7,'edit','{"taker": "B", "contract": 110, "mode": "hearts", "taker_points": 95, "melds": {"A": ["tierce"], "B": ["cinquante"]}, "taker_player": 3}',NULL,'2026-11-30T23:42:33.734+00:00');
INSERT INTO "actions" VALUES(9,'re3863ef',8,'record',NULL,NULL,'2026-11-30T23:42:33.736+00:00');
INSERT INTO "actions" VALUES(10,'ky4vyv45',9,'record',NULL,NULL,'2026-11-30T23:42:33.745+00:00');
INSERT INTO "actions" VALUES(11,'ky4vyv45',10,'record',NULL,NULL,'2026-11-30T23:42:33.748+00:00');
INSERT INTO "actions" VALUES(12,'ky4vyv45',11,'record',NULL,NULL,'2026-11-30T23:42:33.750+00:00');
INSERT INTO "actions" VALUES(13,'ky4vyv45',12,'record',NULL,NULL,'2026-11-30T23:42:33.752+00:00');
INSERT INTO "actions" VALUES(14,'ky4vyv45',13,'record',NULL,NULL,'2026-11-30T23:42:33.754+00:00');
INSERT INTO "actions" VALUES(15,'ky4vyv45',14,'record',NULL,NULL,'2026-11-30T23:42:33.755+00:00');
INSERT INTO "actions" VALUES(16,'d23kvepa',15,'record',NULL,NULL,'2026-11-30T23:42:33.764+00:00');
INSERT INTO "actions" VALUES(17,'d23kvepa',16,'record',NULL,NULL,'2026-11-30T23:42:33.765+00:00');
INSERT INTO "actions" VALUES(18,'d23kvepa',17,'record',NULL,NULL,'2026-11-30T23:42:33.767+00:00');
INSERT INTO "actions" VALUES(19,'d23kvepa',18,'record',NULL,NULL,'2026-11-30T23:42:33.768+00:00');
INSERT INTO "actions" VALUES(20,'d23kvepa',19,'record',NULL,NULL,'2026-11-30T23:42:33.769+00:00');
INSERT INTO "actions" VALUES(21,'d23kvepa',20,'record',NULL,NULL,'2026-11-30T23:42:33.771+00:00');
INSERT INTO "actions" VALUES(22,'d23kvepa',21,'record',NULL,NULL,'2026-11-30T23:42:33.773+00:00');
INSERT INTO "actions" VALUES(23,'d23kvepa',22,'record',NULL,NULL,'2026-11-30T23:42:33.774+00:00');
INSERT INTO "actions" VALUES(24,'d23kvepa',16,'edit','{"reason": "misere", "player": 1}',NULL,'2026-11-30T23:42:33.776+00:00');
INSERT INTO "actions" VALUES(25,'d23kvepa',22,'edit','{"taker": "A", "contract": 80, "mode": "diamonds", "taker_points": 90, "belote": {"A": 0, "B": 1}, "taker_player": 0}','2026-11-30T23:42:33.781+00:00','2026-11-30T23:42:33.778+00:00');
INSERT INTO "actions" VALUES(26,'d23kvepa',22,'undo',NULL,NULL,'2026-11-30T23:42:33.781+00:00');
INSERT INTO "actions" VALUES(27,'d23kvepa',23,'record',NULL,NULL,'2026-11-30T23:42:33.783+00:00');
INSERT INTO "actions" VALUES(28,'fxesjwbu',24,'record',NULL,NULL,'2026-11-30T23:42:33.792+00:00');
INSERT INTO "actions" VALUES(29,'fxesjwbu',25,'record',NULL,NULL,'2026-11-30T23:42:33.794+00:00');
INSERT INTO "actions" VALUES(30,'fxesjwbu',26,'record',NULL,NULL,'2026-11-30T23:42:33.796+00:00');
INSERT INTO "actions" VALUES(31,'fxesjwbu',27,'record',NULL,NULL,'2026-11-30T23:42:33.798+00:00');
INSERT INTO "actions" VALUES(32,'fxesjwbu',28,'record',NULL,NULL,'2026-11-30T23:42:33.799+00:00');
INSERT INTO "actions" VALUES(33,'fxesjwbu',26,'delete',NULL,'2026-11-30T23:42:33.803+00:00','2026-11-30T23:42:33.801+00:00');
INSERT INTO "actions" VALUES(34,'fxesjwbu',26,'undo',NULL,NULL,'2026-11-30T23:42:33.803+00:00');
INSERT INTO "actions" VALUES(35,'agwmkpyc',29,'record',NULL,NULL,'2026-11-30T23:42:33.812+00:00');
INSERT INTO "actions" VALUES(36,'agwmkpyc',30,'record',NULL,NULL,'2026-11-30T23:42:33.815+00:00');
INSERT INTO "actions" VALUES(37,'agwmkpyc',31,'record',NULL,NULL,'2026-11-30T23:42:33.817+00:00');
INSERT INTO "actions" VALUES(38,'agwmkpyc',32,'record',NULL,NULL,'2026-11-30T23:42:33.818+00:00');
INSERT INTO "actions" VALUES(39,'agwmkpyc',33,'record',NULL,'2026-11-30T23:42:33.821+00:00','2026-11-30T23:42:33.820+00:00');
INSERT INTO "actions" VALUES(40,'agwmkpyc',33,'undo',NULL,NULL,'2026-11-30T23:42:33.821+00:00');
INSERT INTO "actions" VALUES(41,'agwmkpyc',31,'delete',NULL,NULL,'2026-11-30T23:42:33.823+00:00');
INSERT INTO "actions" VALUES(42,'agwmkpyc',34,'record',NULL,NULL,'2026-11-30T23:42:33.825+00:00');
INSERT INTO "actions" VALUES(43,'ufkyjrru',35,'record',NULL,NULL,'2026-11-30T23:42:33.834+00:00');
INSERT INTO "actions" VALUES(44,'ufkyjrru',36,'record',NULL,NULL,'2026-11-30T23:42:33.836+00:00');
INSERT INTO "actions" VALUES(45,'ufkyjrru',37,'record',NULL,NULL,'2026-11-30T23:42:33.837+00:00');
INSERT INTO "actions" VALUES(46,'ufkyjrru',38,'record',NULL,NULL,'2026-11-30T23:42:33.839+00:00');
INSERT INTO "actions" VALUES(47,'ufkyjrru',39,'record',NULL,NULL,'2026-11-30T23:42:33.841+00:00');
INSERT INTO "actions" VALUES(48,'ufkyjrru',40,'record',NULL,NULL,'2026-11-30T23:42:33.842+00:00');
CREATE TABLE "app_info" (
   "key" TEXT PRIMARY KEY,
   "value" TEXT
);
INSERT INTO "app_info" VALUES('created_with','scorekeeper 0.1.0');
INSERT INTO "app_info" VALUES('derived_made_by','91722fb218dc6c62');
CREATE TABLE "deal_facts" (
   "game_id" TEXT,
   "evening_id" INTEGER,
   "played_at" TEXT,
   "number" INTEGER,
   "kind" TEXT,
   "dealer" INTEGER,
   "taker" TEXT,
   "taker_player" INTEGER,
   "taker_key" TEXT,
   "contract" TEXT,
   "contract_value" INTEGER,
   "mode" TEXT,
   "coinche" TEXT,
   "made" INTEGER,
   "all_tricks" INTEGER,
   "reason" TEXT,
   "score_a" INTEGER,
   "score_b" INTEGER,
   "total_a" INTEGER,
   "total_b" INTEGER,
   PRIMARY KEY ("game_id", "number")
);
INSERT INTO "deal_facts" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',1,'hand',0,'A',0,'ana','80',80,'hearts','none',1,0,NULL,170,70,170,70);
INSERT INTO "deal_facts" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',2,'hand',1,'A',2,'chloe','90',90,'spades','none',0,0,NULL,0,250,170,320);
INSERT INTO "deal_facts" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',3,'hand',2,'B',1,'bruno','100',100,'clubs','coinche',1,0,NULL,60,300,230,620);
INSERT INTO "deal_facts" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',4,'hand',3,'A',0,'ana','80',80,'spades','none',0,0,NULL,20,240,250,860);
INSERT INTO "deal_facts" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',5,'hand',0,'A',2,'chloe','130',130,'spades','none',1,1,NULL,380,0,630,860);
INSERT INTO "deal_facts" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',6,'redeal',1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'all_pass',0,0,630,860);
INSERT INTO "deal_facts" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',7,'hand',2,'B',3,'david','110',110,'hearts','none',0,0,NULL,320,0,950,860);
INSERT INTO "deal_facts" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',8,'hand',3,'A',2,'chloe','80',80,'diamonds','none',1,0,NULL,170,70,1120,930);
INSERT INTO "deal_facts" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',1,'hand',1,'A',0,'zoe','80',80,'hearts','none',1,0,NULL,170,70,170,70);
INSERT INTO "deal_facts" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',2,'hand',2,'B',1,'jean-eric','120',120,'diamonds','surcoinche',0,0,NULL,660,0,830,70);
INSERT INTO "deal_facts" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',3,'hand',3,'A',2,'ana','generale',800,'spades','none',1,1,NULL,820,0,1650,70);
INSERT INTO "deal_facts" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',4,'hand',0,'B',3,'chloe','100',100,'spades','none',1,0,NULL,60,300,1710,370);
INSERT INTO "deal_facts" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',5,'hand',1,'A',0,'zoe','90',90,'clubs','none',0,0,NULL,0,290,1710,660);
INSERT INTO "deal_facts" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',6,'hand',2,'A',2,'ana','100',100,'no_trump','none',1,0,NULL,390,70,2100,730);
INSERT INTO "deal_facts" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',1,'redeal',2,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'all_pass',0,0,0,0);
INSERT INTO "deal_facts" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',2,'redeal',3,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'misere',0,0,0,0);
INSERT INTO "deal_facts" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',3,'hand',0,'A',0,'chloe','100',100,'all_trump','none',1,0,NULL,250,70,250,70);
INSERT INTO "deal_facts" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',4,'redeal',1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'carre_de_sept',0,0,250,70);
INSERT INTO "deal_facts" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',5,'hand',2,'A',2,'ana','capot',250,'hearts','coinche',0,0,NULL,20,660,270,730);
INSERT INTO "deal_facts" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',6,'hand',3,'B',3,'bruno','capot',250,'clubs','none',1,1,NULL,0,500,270,1230);
INSERT INTO "deal_facts" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',7,'hand',0,'B',1,'david','110',110,'spades','none',1,0,NULL,80,390,350,1620);
INSERT INTO "deal_facts" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',8,'hand',1,'A',0,'chloe','80',80,'diamonds','none',0,0,NULL,0,260,350,1880);
INSERT INTO "deal_facts" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',9,'hand',2,'B',3,'bruno','80',80,'hearts','none',1,0,NULL,60,180,410,2060);
INSERT INTO "deal_facts" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',1,'hand',3,'A',0,'elise','80',80,'hearts','none',1,0,NULL,165,77,165,77);
INSERT INTO "deal_facts" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',2,'hand',0,'B',3,'jean-eric','generale',800,'all_trump','none',0,0,NULL,800,0,965,77);
INSERT INTO "deal_facts" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',3,'hand',1,'B',1,'zoe','90',90,'clubs','none',1,1,NULL,0,340,965,417);
INSERT INTO "deal_facts" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',4,'hand',2,'A',2,'fabien','120',120,'diamonds','coinche',0,0,NULL,20,420,985,837);
INSERT INTO "deal_facts" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',5,'hand',3,'A',0,'elise','100',100,'spades','surcoinche',1,0,NULL,570,42,1555,879);
INSERT INTO "deal_facts" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00',1,'hand',0,'A',0,'bruno','80',80,'hearts','none',1,0,NULL,160,80,160,80);
INSERT INTO "deal_facts" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00',2,'hand',1,'B',1,'chloe','100',100,'hearts','none',0,0,NULL,280,0,440,80);
INSERT INTO "deal_facts" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00',3,'hand',2,'A',2,'david','100',100,'no_trump','none',1,0,NULL,200,60,640,140);
INSERT INTO "deal_facts" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00',4,'hand',3,'B',3,'joueur 4','80',80,'all_trump','none',1,0,NULL,70,220,710,360);
INSERT INTO "deal_facts" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',1,'hand',0,'A',0,'ana','160',160,'hearts','none',1,0,NULL,390,30,390,30);
INSERT INTO "deal_facts" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',2,'hand',1,'B',1,'bruno','140',140,'no_trump','none',1,0,NULL,40,460,430,490);
INSERT INTO "deal_facts" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',3,'hand',2,'A',2,'zoe','capot',250,'diamonds','none',1,1,NULL,520,0,950,490);
INSERT INTO "deal_facts" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',4,'hand',3,'B',3,'jean-eric','80',80,'clubs','none',0,0,NULL,240,0,1190,490);
INSERT INTO "deal_facts" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',5,'hand',0,'A',2,'zoe','generale',800,'no_trump','none',1,1,NULL,800,0,1990,490);
INSERT INTO "deal_facts" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',6,'hand',1,'B',3,'jean-eric','100',100,'diamonds','none',1,0,NULL,80,200,2070,690);
CREATE TABLE "deals" (
   "id" INTEGER PRIMARY KEY,
   "game_id" TEXT NOT NULL REFERENCES "games"("id"),
   "kind" TEXT NOT NULL,
   "input" TEXT NOT NULL,
   "version" INTEGER NOT NULL,
   "deleted_at" TEXT,
   "created_at" TEXT NOT NULL,
   "updated_at" TEXT NOT NULL
);
INSERT INTO "deals" VALUES(1,'re3863ef','hand','{"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 0}',1,NULL,'2026-11-30T23:42:33.721+00:00','2026-11-30T23:42:33.721+00:00');
INSERT INTO "deals" VALUES(2,'re3863ef','hand','{"taker": "A", "contract": 90, "mode": "spades", "taker_points": 81, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.723+00:00','2026-11-30T23:42:33.723+00:00');
INSERT INTO "deals" VALUES(3,'re3863ef','hand','{"taker": "B", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101, "taker_player": 1}',1,NULL,'2026-11-30T23:42:33.725+00:00','2026-11-30T23:42:33.725+00:00');
INSERT INTO "deals" VALUES(4,'re3863ef','hand','{"taker": "A", "contract": 80, "mode": "spades", "taker_points": 71, "belote": {"A": 1, "B": 0}, "taker_player": 0}',1,NULL,'2026-11-30T23:42:33.727+00:00','2026-11-30T23:42:33.727+00:00');
INSERT INTO "deals" VALUES(5,'re3863ef','hand','{"taker": "A", "contract": 130, "mode": "spades", "all_tricks": true, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.729+00:00','2026-11-30T23:42:33.729+00:00');
INSERT INTO "deals" VALUES(6,'re3863ef','redeal','{"reason": "all_pass", "player": null}',1,NULL,'2026-11-30T23:42:33.730+00:00','2026-11-30T23:42:33.730+00:00');
INSERT INTO "deals" VALUES(7,'re3863ef','hand','{"taker": "B", "contract": 110, "mode": "hearts", "taker_points": 50, "melds": {"A": ["tierce"], "B": ["cinquante"]}, "taker_player": 3}',2,NULL,'2026-11-30T23:42:33.732+00:00','2026-11-30T23:42:33.734+00:00');
INSERT INTO "deals" VALUES(8,'re3863ef','hand','{"taker": "A", "contract": 80, "mode": "diamonds", "taker_points": 92, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.736+00:00','2026-11-30T23:42:33.736+00:00');
INSERT INTO "deals" VALUES(9,'ky4vyv45','hand','{"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85, "taker_player": 0}',1,NULL,'2026-11-30T23:42:33.745+00:00','2026-11-30T23:42:33.745+00:00');
INSERT INTO "deals" VALUES(10,'ky4vyv45','hand','{"taker": "B", "contract": 120, "mode": "diamonds", "coinche": "surcoinche", "taker_points": 60, "belote": {"A": 1, "B": 0}, "taker_player": 1}',1,NULL,'2026-11-30T23:42:33.748+00:00','2026-11-30T23:42:33.748+00:00');
INSERT INTO "deals" VALUES(11,'ky4vyv45','hand','{"taker": "A", "contract": "generale", "mode": "spades", "all_tricks": true, "belote": {"A": 1, "B": 0}, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.750+00:00','2026-11-30T23:42:33.750+00:00');
INSERT INTO "deals" VALUES(12,'ky4vyv45','hand','{"taker": "B", "contract": 100, "mode": "spades", "taker_points": 100, "melds": {"A": ["cent"], "B": ["carre_K"]}, "taker_player": 3}',1,NULL,'2026-11-30T23:42:33.752+00:00','2026-11-30T23:42:33.752+00:00');
INSERT INTO "deals" VALUES(13,'ky4vyv45','hand','{"taker": "A", "contract": 90, "mode": "clubs", "taker_points": 95, "melds": {"A": ["tierce"], "B": ["tierce", "tierce"]}, "best_meld": "B", "taker_player": 0}',1,NULL,'2026-11-30T23:42:33.754+00:00','2026-11-30T23:42:33.754+00:00');
INSERT INTO "deals" VALUES(14,'ky4vyv45','hand','{"taker": "A", "contract": 100, "mode": "no_trump", "taker_points": 90, "melds": {"A": ["carre_A"], "B": []}, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.755+00:00','2026-11-30T23:42:33.755+00:00');
INSERT INTO "deals" VALUES(15,'d23kvepa','redeal','{"reason": "all_pass", "player": null}',1,NULL,'2026-11-30T23:42:33.764+00:00','2026-11-30T23:42:33.764+00:00');
INSERT INTO "deals" VALUES(16,'d23kvepa','redeal','{"reason": "misere", "player": 3}',2,NULL,'2026-11-30T23:42:33.765+00:00','2026-11-30T23:42:33.776+00:00');
INSERT INTO "deals" VALUES(17,'d23kvepa','hand','{"taker": "A", "contract": 100, "mode": "all_trump", "taker_points": 110, "belote": {"A": 2, "B": 1}, "taker_player": 0}',1,NULL,'2026-11-30T23:42:33.766+00:00','2026-11-30T23:42:33.766+00:00');
INSERT INTO "deals" VALUES(18,'d23kvepa','redeal','{"reason": "carre_de_sept", "player": 2}',1,NULL,'2026-11-30T23:42:33.768+00:00','2026-11-30T23:42:33.768+00:00');
INSERT INTO "deals" VALUES(19,'d23kvepa','hand','{"taker": "A", "contract": "capot", "mode": "hearts", "coinche": "coinche", "belote": {"A": 1, "B": 0}, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.769+00:00','2026-11-30T23:42:33.769+00:00');
INSERT INTO "deals" VALUES(20,'d23kvepa','hand','{"taker": "B", "contract": "capot", "mode": "clubs", "all_tricks": true, "taker_player": 3}',1,NULL,'2026-11-30T23:42:33.771+00:00','2026-11-30T23:42:33.771+00:00');
INSERT INTO "deals" VALUES(21,'d23kvepa','hand','{"taker": "B", "contract": 110, "mode": "spades", "taker_points": 80, "melds": {"A": [], "B": ["carre_J"]}, "taker_player": 1}',1,NULL,'2026-11-30T23:42:33.773+00:00','2026-11-30T23:42:33.773+00:00');
INSERT INTO "deals" VALUES(22,'d23kvepa','hand','{"taker": "A", "contract": 80, "mode": "diamonds", "taker_points": 90, "belote": {"A": 0, "B": 1}, "taker_player": 0}',3,NULL,'2026-11-30T23:42:33.774+00:00','2026-11-30T23:42:33.781+00:00');
INSERT INTO "deals" VALUES(23,'d23kvepa','hand','{"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 100, "taker_player": 3}',1,NULL,'2026-11-30T23:42:33.783+00:00','2026-11-30T23:42:33.783+00:00');
INSERT INTO "deals" VALUES(24,'fxesjwbu','hand','{"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85, "taker_player": 0}',1,NULL,'2026-11-30T23:42:33.792+00:00','2026-11-30T23:42:33.792+00:00');
INSERT INTO "deals" VALUES(25,'fxesjwbu','hand','{"taker": "B", "contract": "generale", "mode": "all_trump", "taker_player": 3}',1,NULL,'2026-11-30T23:42:33.794+00:00','2026-11-30T23:42:33.794+00:00');
INSERT INTO "deals" VALUES(26,'fxesjwbu','hand','{"taker": "B", "contract": 90, "mode": "clubs", "all_tricks": true, "taker_player": 1}',1,NULL,'2026-11-30T23:42:33.796+00:00','2026-11-30T23:42:33.803+00:00');
INSERT INTO "deals" VALUES(27,'fxesjwbu','hand','{"taker": "A", "contract": 120, "mode": "diamonds", "coinche": "coinche", "taker_points": 75, "melds": {"A": [], "B": ["tierce"]}, "belote": {"A": 1, "B": 0}, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.798+00:00','2026-11-30T23:42:33.798+00:00');
INSERT INTO "deals" VALUES(28,'fxesjwbu','hand','{"taker": "A", "contract": 100, "mode": "spades", "coinche": "surcoinche", "taker_points": 120, "melds": {"A": ["cinquante"], "B": ["tierce"]}, "taker_player": 0}',1,NULL,'2026-11-30T23:42:33.799+00:00','2026-11-30T23:42:33.799+00:00');
INSERT INTO "deals" VALUES(29,'agwmkpyc','hand','{"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 84, "taker_player": 0}',1,NULL,'2026-11-30T23:42:33.812+00:00','2026-11-30T23:42:33.812+00:00');
INSERT INTO "deals" VALUES(30,'agwmkpyc','hand','{"taker": "B", "contract": 100, "mode": "hearts", "taker_points": 70, "melds": {"A": [], "B": ["tierce"]}, "taker_player": 1}',1,NULL,'2026-11-30T23:42:33.815+00:00','2026-11-30T23:42:33.815+00:00');
INSERT INTO "deals" VALUES(31,'agwmkpyc','redeal','{"reason": "all_pass", "player": null}',1,'2026-11-30T23:42:33.823+00:00','2026-11-30T23:42:33.817+00:00','2026-11-30T23:42:33.823+00:00');
INSERT INTO "deals" VALUES(32,'agwmkpyc','hand','{"taker": "A", "contract": 100, "mode": "no_trump", "taker_points": 101, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.818+00:00','2026-11-30T23:42:33.818+00:00');
INSERT INTO "deals" VALUES(33,'agwmkpyc','hand','{"taker": "B", "contract": 90, "mode": "spades", "taker_points": 100, "taker_player": 3}',1,'2026-11-30T23:42:33.821+00:00','2026-11-30T23:42:33.820+00:00','2026-11-30T23:42:33.821+00:00');
INSERT INTO "deals" VALUES(34,'agwmkpyc','hand','{"taker": "B", "contract": 80, "mode": "all_trump", "taker_points": 95, "belote": {"A": 0, "B": 2}, "taker_player": 3}',1,NULL,'2026-11-30T23:42:33.825+00:00','2026-11-30T23:42:33.825+00:00');
INSERT INTO "deals" VALUES(35,'ufkyjrru','hand','{"taker": "A", "contract": 160, "mode": "hearts", "taker_points": 130, "melds": {"A": ["cent"], "B": []}, "taker_player": 0}',1,NULL,'2026-11-30T23:42:33.834+00:00','2026-11-30T23:42:33.834+00:00');
INSERT INTO "deals" VALUES(36,'ufkyjrru','hand','{"taker": "B", "contract": 140, "mode": "no_trump", "taker_points": 120, "melds": {"A": [], "B": ["carre_A"]}, "taker_player": 1}',1,NULL,'2026-11-30T23:42:33.836+00:00','2026-11-30T23:42:33.836+00:00');
INSERT INTO "deals" VALUES(37,'ufkyjrru','hand','{"taker": "A", "contract": "capot", "mode": "diamonds", "all_tricks": true, "belote": {"A": 1, "B": 0}, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.837+00:00','2026-11-30T23:42:33.837+00:00');
INSERT INTO "deals" VALUES(38,'ufkyjrru','hand','{"taker": "B", "contract": 80, "mode": "clubs", "taker_points": 0, "taker_player": 3}',1,NULL,'2026-11-30T23:42:33.839+00:00','2026-11-30T23:42:33.839+00:00');
INSERT INTO "deals" VALUES(39,'ufkyjrru','hand','{"taker": "A", "contract": "generale", "mode": "no_trump", "all_tricks": true, "taker_player": 2}',1,NULL,'2026-11-30T23:42:33.840+00:00','2026-11-30T23:42:33.840+00:00');
INSERT INTO "deals" VALUES(40,'ufkyjrru','hand','{"taker": "B", "contract": 100, "mode": "diamonds", "taker_points": 102, "belote": {"A": 1, "B": 0}, "taker_player": 3}',1,NULL,'2026-11-30T23:42:33.842+00:00','2026-11-30T23:42:33.842+00:00');
CREATE TABLE "evenings" (
   "id" INTEGER PRIMARY KEY,
   "date" TEXT NOT NULL,
   "place" TEXT NOT NULL DEFAULT '',
   "note" TEXT NOT NULL DEFAULT '',
   "created_at" TEXT NOT NULL
);
INSERT INTO "evenings" VALUES(1,'2025-03-14','','','2026-11-30T23:42:33.652+00:00');
INSERT INTO "evenings" VALUES(2,'2025-04-19','Chez Zoë','Anniversaire d''Hélène : « la revanche » — on a dit "plus jamais de sans-atout" !','2026-11-30T23:42:33.653+00:00');
INSERT INTO "evenings" VALUES(3,'2025-05-24','Club de la Forêt','','2026-11-30T23:42:33.653+00:00');
CREATE TABLE "game_players" (
   "game_id" TEXT,
   "evening_id" INTEGER,
   "played_at" TEXT,
   "seat" INTEGER,
   "team" TEXT,
   "name" TEXT,
   "name_key" TEXT,
   "partner_key" TEXT,
   "finished" INTEGER,
   "won" INTEGER,
   "hands" INTEGER,
   "points" INTEGER,
   "taken" INTEGER,
   "made" INTEGER,
   "coinche_def" INTEGER,
   "coinche_def_won" INTEGER,
   "coinche_took" INTEGER,
   "coinche_took_made" INTEGER,
   "capot_taken" INTEGER,
   "capot_made" INTEGER,
   "capot_unannounced" INTEGER,
   "generale_taken" INTEGER,
   "generale_made" INTEGER,
   PRIMARY KEY ("game_id", "seat")
);
INSERT INTO "game_players" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',0,'A','Ana','ana','chloe',1,1,7,1120,2,1,1,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',1,'B','Bruno','bruno','david',1,0,7,930,1,1,0,0,1,1,0,0,0,0,0);
INSERT INTO "game_players" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',2,'A','Chloé','chloe','ana',1,1,7,1120,3,2,1,0,0,0,0,0,1,0,0);
INSERT INTO "game_players" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',3,'B','David','david','bruno',1,0,7,930,1,0,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',0,'A','Zoë','zoe','ana',1,1,6,2100,2,1,1,1,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',1,'B','Jean-Éric','jean-eric','chloe',1,0,6,730,1,0,0,0,1,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',2,'A','Ana','ana','zoe',1,1,6,2100,2,2,1,1,0,0,0,0,0,1,1);
INSERT INTO "game_players" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',3,'B','Chloe','chloe','jean-eric',1,0,6,730,1,1,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',0,'A','Chloé','chloe','ana',1,0,6,410,2,1,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',1,'B','David','david','bruno',1,1,6,2060,1,1,1,1,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',2,'A','Ana','ana','chloe',1,0,6,410,1,0,0,0,1,0,1,0,0,0,0);
INSERT INTO "game_players" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',3,'B','Bruno','bruno','david',1,1,6,2060,2,2,1,1,0,0,1,1,0,0,0);
INSERT INTO "game_players" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',0,'A','Élise','elise','fabien',0,0,5,1555,2,2,0,0,1,1,0,0,0,0,0);
INSERT INTO "game_players" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',1,'B','Zoë','zoe','jean-eric',0,0,5,879,1,1,2,1,0,0,0,0,1,0,0);
INSERT INTO "game_players" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',2,'A','Fabien','fabien','elise',0,0,5,1555,1,0,0,0,1,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',3,'B','Jean-Éric','jean-eric','zoe',0,0,5,879,1,0,2,1,0,0,0,0,0,1,0);
INSERT INTO "game_players" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00',0,'A','Bruno','bruno','david',0,0,4,710,1,1,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00',1,'B','Chloé','chloe','joueur 4',0,0,4,360,1,0,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00',2,'A','David','david','bruno',0,0,4,710,1,1,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00',3,'B','Joueur 4','joueur 4','chloe',0,0,4,360,1,1,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',0,'A','Ana','ana','zoe',1,1,6,2070,1,1,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',1,'B','Bruno','bruno','jean-eric',1,0,6,690,1,1,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_players" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',2,'A','Zoë','zoe','ana',1,1,6,2070,2,2,0,0,0,0,1,1,0,1,1);
INSERT INTO "game_players" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',3,'B','Jean-Éric','jean-eric','bruno',1,0,6,690,2,1,0,0,0,0,0,0,0,0,0);
CREATE TABLE "game_sheets" (
   "game_id" TEXT PRIMARY KEY REFERENCES "games"("id"),
   "revision" INTEGER NOT NULL,
   "made_by" TEXT NOT NULL,
   "body" TEXT NOT NULL
);
INSERT INTO "game_sheets" VALUES('re3863ef',9,'1fee84ea7d08dcd8','{"id":"re3863ef","teams":{"A":"Nous","B":"Eux"},"players":["Ana","Bruno","Chloé","David"],"target":1000,"rules":{"rounding":"nearest","misere":false,"carre_de_sept":false},"dealer":0,"finished":true,"winner":"A","totals":{"A":1120,"B":930},"revision":9,"hands":[{"number":1,"kind":"hand","dealer":0,"version":1,"input":{"taker":"A","contract":80,"mode":"hearts","taker_points":92,"taker_player":0},"made":true,"scores":{"A":170,"B":70},"totals":{"A":170,"B":70}},{"number":2,"kind":"hand","dealer":1,"version":1,"input":{"taker":"A","contract":90,"mode":"spades","taker_points":81,"taker_player":2},"made":false,"scores":{"A":0,"B":250},"totals":{"A":170,"B":320}},{"number":3,"kind":"hand","dealer":2,"version":1,"input":{"taker":"B","contract":100,"mode":"clubs","coinche":"coinche","taker_points":101,"taker_player":1},"made":true,"scores":{"A":60,"B":300},"totals":{"A":230,"B":620}},{"number":4,"kind":"hand","dealer":3,"version":1,"input":{"taker":"A","contract":80,"mode":"spades","taker_points":71,"belote":{"A":1,"B":0},"taker_player":0},"made":false,"scores":{"A":20,"B":240},"totals":{"A":250,"B":860}},{"number":5,"kind":"hand","dealer":0,"version":1,"input":{"taker":"A","contract":130,"mode":"spades","all_tricks":true,"taker_player":2},"made":true,"scores":{"A":380,"B":0},"totals":{"A":630,"B":860}},{"number":6,"kind":"redeal","dealer":1,"version":1,"reason":"all_pass","player":null,"scores":{"A":0,"B":0},"totals":{"A":630,"B":860}},{"number":7,"kind":"hand","dealer":2,"version":2,"input":{"taker":"B","contract":110,"mode":"hearts","taker_points":50,"melds":{"A":["tierce"],"B":["cinquante"]},"taker_player":3},"made":false,"scores":{"A":320,"B":0},"totals":{"A":950,"B":860}},{"number":8,"kind":"hand","dealer":3,"version":1,"input":{"taker":"A","contract":80,"mode":"diamonds","taker_points":92,"taker_player":2},"made":true,"scores":{"A":170,"B":70},"totals":{"A":1120,"B":930}}]}');
INSERT INTO "game_sheets" VALUES('ky4vyv45',6,'1fee84ea7d08dcd8','{"id":"ky4vyv45","teams":{"A":"Les Bleus","B":"Les Rouges"},"players":["Zoë","Jean-Éric","Ana","Chloe"],"target":2000,"rules":{"rounding":"complement","misere":false,"carre_de_sept":false},"dealer":3,"finished":true,"winner":"A","totals":{"A":2100,"B":730},"revision":6,"hands":[{"number":1,"kind":"hand","dealer":1,"version":1,"input":{"taker":"A","contract":80,"mode":"hearts","taker_points":85,"taker_player":0},"made":true,"scores":{"A":170,"B":70},"totals":{"A":170,"B":70}},{"number":2,"kind":"hand","dealer":2,"version":1,"input":{"taker":"B","contract":120,"mode":"diamonds","coinche":"surcoinche","taker_points":60,"belote":{"A":1,"B":0},"taker_player":1},"made":false,"scores":{"A":660,"B":0},"totals":{"A":830,"B":70}},{"number":3,"kind":"hand","dealer":3,"version":1,"input":{"taker":"A","contract":"generale","mode":"spades","all_tricks":true,"belote":{"A":1,"B":0},"taker_player":2},"made":true,"scores":{"A":820,"B":0},"totals":{"A":1650,"B":70}},{"number":4,"kind":"hand","dealer":0,"version":1,"input":{"taker":"B","contract":100,"mode":"spades","taker_points":100,"melds":{"A":["cent"],"B":["carre_K"]},"taker_player":3},"made":true,"scores":{"A":60,"B":300},"totals":{"A":1710,"B":370}},{"number":5,"kind":"hand","dealer":1,"version":1,"input":{"taker":"A","contract":90,"mode":"clubs","taker_points":95,"melds":{"A":["tierce"],"B":["tierce","tierce"]},"best_meld":"B","taker_player":0},"made":false,"scores":{"A":0,"B":290},"totals":{"A":1710,"B":660}},{"number":6,"kind":"hand","dealer":2,"version":1,"input":{"taker":"A","contract":100,"mode":"no_trump","taker_points":90,"melds":{"A":["carre_A"],"B":[]},"taker_player":2},"made":true,"scores":{"A":390,"B":70},"totals":{"A":2100,"B":730}}]}');
INSERT INTO "game_sheets" VALUES('d23kvepa',12,'1fee84ea7d08dcd8','{"id":"d23kvepa","teams":{"A":"Nous","B":"Les Cousins"},"players":["Chloé","David","Ana","Bruno"],"target":2000,"rules":{"rounding":"nearest","misere":true,"carre_de_sept":true},"dealer":3,"finished":true,"winner":"B","totals":{"A":410,"B":2060},"revision":12,"hands":[{"number":1,"kind":"redeal","dealer":2,"version":1,"reason":"all_pass","player":null,"scores":{"A":0,"B":0},"totals":{"A":0,"B":0}},{"number":2,"kind":"redeal","dealer":3,"version":2,"reason":"misere","player":3,"scores":{"A":0,"B":0},"totals":{"A":0,"B":0}},{"number":3,"kind":"hand","dealer":0,"version":1,"input":{"taker":"A","contract":100,"mode":"all_trump","taker_points":110,"belote":{"A":2,"B":1},"taker_player":0},"made":true,"scores":{"A":250,"B":70},"totals":{"A":250,"B":70}},{"number":4,"kind":"redeal","dealer":1,"version":1,"reason":"carre_de_sept","player":2,"scores":{"A":0,"B":0},"totals":{"A":250,"B":70}},{"number":5,"kind":"hand","dealer":2,"version":1,"input":{"taker":"A","contract":"capot","mode":"hearts","coinche":"coinche","belote":{"A":1,"B":0},"taker_player":2},"made":false,"scores":{"A":20,"B":660},"totals":{"A":270,"B":730}},{"number":6,"kind":"hand","dealer":3,"version":1,"input":{"taker":"B","contract":"capot","mode":"clubs","all_tricks":true,"taker_player":3},"made":true,"scores":{"A":0,"B":500},"totals":{"A":270,"B":1230}},{"number":7,"kind":"hand","dealer":0,"version":1,"input":{"taker":"B","contract":110,"mode":"spades","taker_points":80,"melds":{"A":[],"B":["carre_J"]},"taker_player":1},"made":true,"scores":{"A":80,"B":390},"totals":{"A":350,"B":1620}},{"number":8,"kind":"hand","dealer":1,"version":3,"input":{"taker":"A","contract":80,"mode":"diamonds","taker_points":90,"belote":{"A":0,"B":1},"taker_player":0},"made":false,"scores":{"A":0,"B":260},"totals":{"A":350,"B":1880}},{"number":9,"kind":"hand","dealer":2,"version":1,"input":{"taker":"B","contract":80,"mode":"hearts","taker_points":100,"taker_player":3},"made":true,"scores":{"A":60,"B":180},"totals":{"A":410,"B":2060}}]}');
INSERT INTO "game_sheets" VALUES('fxesjwbu',7,'1fee84ea7d08dcd8','{"id":"fxesjwbu","teams":{"A":"Les Élus","B":"L''Équipe « Zèbre »"},"players":["Élise","Zoë","Fabien","Jean-Éric"],"target":2000,"rules":{"rounding":"none","misere":false,"carre_de_sept":false},"dealer":0,"finished":false,"winner":null,"totals":{"A":1555,"B":879},"revision":7,"hands":[{"number":1,"kind":"hand","dealer":3,"version":1,"input":{"taker":"A","contract":80,"mode":"hearts","taker_points":85,"taker_player":0},"made":true,"scores":{"A":165,"B":77},"totals":{"A":165,"B":77}},{"number":2,"kind":"hand","dealer":0,"version":1,"input":{"taker":"B","contract":"generale","mode":"all_trump","taker_player":3},"made":false,"scores":{"A":800,"B":0},"totals":{"A":965,"B":77}},{"number":3,"kind":"hand","dealer":1,"version":1,"input":{"taker":"B","contract":90,"mode":"clubs","all_tricks":true,"taker_player":1},"made":true,"scores":{"A":0,"B":340},"totals":{"A":965,"B":417}},{"number":4,"kind":"hand","dealer":2,"version":1,"input":{"taker":"A","contract":120,"mode":"diamonds","coinche":"coinche","taker_points":75,"melds":{"A":[],"B":["tierce"]},"belote":{"A":1,"B":0},"taker_player":2},"made":false,"scores":{"A":20,"B":420},"totals":{"A":985,"B":837}},{"number":5,"kind":"hand","dealer":3,"version":1,"input":{"taker":"A","contract":100,"mode":"spades","coinche":"surcoinche","taker_points":120,"melds":{"A":["cinquante"],"B":["tierce"]},"taker_player":0},"made":true,"scores":{"A":570,"B":42},"totals":{"A":1555,"B":879}}]}');
INSERT INTO "game_sheets" VALUES('agwmkpyc',8,'1fee84ea7d08dcd8','{"id":"agwmkpyc","teams":{"A":"Nous","B":"Eux"},"players":["Bruno","Chloé","David","Joueur 4"],"target":1000,"rules":{"rounding":"nearest","misere":false,"carre_de_sept":false},"dealer":0,"finished":false,"winner":null,"totals":{"A":710,"B":360},"revision":8,"hands":[{"number":1,"kind":"hand","dealer":0,"version":1,"input":{"taker":"A","contract":80,"mode":"hearts","taker_points":84,"taker_player":0},"made":true,"scores":{"A":160,"B":80},"totals":{"A":160,"B":80}},{"number":2,"kind":"hand","dealer":1,"version":1,"input":{"taker":"B","contract":100,"mode":"hearts","taker_points":70,"melds":{"A":[],"B":["tierce"]},"taker_player":1},"made":false,"scores":{"A":280,"B":0},"totals":{"A":440,"B":80}},{"number":3,"kind":"hand","dealer":2,"version":1,"input":{"taker":"A","contract":100,"mode":"no_trump","taker_points":101,"taker_player":2},"made":true,"scores":{"A":200,"B":60},"totals":{"A":640,"B":140}},{"number":4,"kind":"hand","dealer":3,"version":1,"input":{"taker":"B","contract":80,"mode":"all_trump","taker_points":95,"belote":{"A":0,"B":2},"taker_player":3},"made":true,"scores":{"A":70,"B":220},"totals":{"A":710,"B":360}}]}');
INSERT INTO "game_sheets" VALUES('ufkyjrru',6,'1fee84ea7d08dcd8','{"id":"ufkyjrru","teams":{"A":"Les Bleus","B":"Eux"},"players":["Ana","Bruno","Zoë","Jean-Éric"],"target":2000,"rules":{"rounding":"nearest","misere":false,"carre_de_sept":false},"dealer":2,"finished":true,"winner":"A","totals":{"A":2070,"B":690},"revision":6,"hands":[{"number":1,"kind":"hand","dealer":0,"version":1,"input":{"taker":"A","contract":160,"mode":"hearts","taker_points":130,"melds":{"A":["cent"],"B":[]},"taker_player":0},"made":true,"scores":{"A":390,"B":30},"totals":{"A":390,"B":30}},{"number":2,"kind":"hand","dealer":1,"version":1,"input":{"taker":"B","contract":140,"mode":"no_trump","taker_points":120,"melds":{"A":[],"B":["carre_A"]},"taker_player":1},"made":true,"scores":{"A":40,"B":460},"totals":{"A":430,"B":490}},{"number":3,"kind":"hand","dealer":2,"version":1,"input":{"taker":"A","contract":"capot","mode":"diamonds","all_tricks":true,"belote":{"A":1,"B":0},"taker_player":2},"made":true,"scores":{"A":520,"B":0},"totals":{"A":950,"B":490}},{"number":4,"kind":"hand","dealer":3,"version":1,"input":{"taker":"B","contract":80,"mode":"clubs","taker_points":0,"taker_player":3},"made":false,"scores":{"A":240,"B":0},"totals":{"A":1190,"B":490}},{"number":5,"kind":"hand","dealer":0,"version":1,"input":{"taker":"A","contract":"generale","mode":"no_trump","all_tricks":true,"taker_player":2},"made":true,"scores":{"A":800,"B":0},"totals":{"A":1990,"B":490}},{"number":6,"kind":"hand","dealer":1,"version":1,"input":{"taker":"B","contract":100,"mode":"diamonds","taker_points":102,"belote":{"A":1,"B":0},"taker_player":3},"made":true,"scores":{"A":80,"B":200},"totals":{"A":2070,"B":690}}]}');
CREATE TABLE "game_summaries" (
   "game_id" TEXT PRIMARY KEY,
   "evening_id" INTEGER,
   "played_at" TEXT,
   "total_a" INTEGER,
   "total_b" INTEGER,
   "winner" TEXT,
   "finished" INTEGER,
   "deal_count" INTEGER,
   "hand_count" INTEGER,
   "last_activity" TEXT
);
INSERT INTO "game_summaries" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00',1120,930,'A',1,8,7,'2026-11-30T23:42:33.736+00:00');
INSERT INTO "game_summaries" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00',2100,730,'A',1,6,6,'2026-11-30T23:42:33.755+00:00');
INSERT INTO "game_summaries" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00',410,2060,'B',1,9,6,'2026-11-30T23:42:33.783+00:00');
INSERT INTO "game_summaries" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00',1555,879,NULL,0,5,5,'2026-11-30T23:42:33.803+00:00');
INSERT INTO "game_summaries" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00',710,360,NULL,0,4,4,'2026-11-30T23:42:33.825+00:00');
INSERT INTO "game_summaries" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00',2070,690,'A',1,6,6,'2026-11-30T23:42:33.842+00:00');
CREATE TABLE "game_teams" (
   "game_id" TEXT,
   "evening_id" INTEGER,
   "played_at" TEXT,
   "team" TEXT,
   "name" TEXT,
   "players" TEXT,
   "pair_key" TEXT,
   "finished" INTEGER,
   "won" INTEGER,
   "hands" INTEGER,
   "points" INTEGER,
   "taken" INTEGER,
   "made" INTEGER,
   "coinche_def" INTEGER,
   "coinche_def_won" INTEGER,
   "coinche_took" INTEGER,
   "coinche_took_made" INTEGER,
   "capot_taken" INTEGER,
   "capot_made" INTEGER,
   "capot_unannounced" INTEGER,
   "generale_taken" INTEGER,
   "generale_made" INTEGER,
   PRIMARY KEY ("game_id", "team")
);
INSERT INTO "game_teams" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00','A','Nous','Ana & Chloé','ana|chloe',1,1,7,1120,5,3,1,0,0,0,0,0,1,0,0);
INSERT INTO "game_teams" VALUES('re3863ef',1,'2026-11-30T23:42:33.712+00:00','B','Eux','Bruno & David','bruno|david',1,0,7,930,2,1,0,0,1,1,0,0,0,0,0);
INSERT INTO "game_teams" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00','A','Les Bleus','Zoë & Ana','ana|zoe',1,1,6,2100,4,3,1,1,0,0,0,0,0,1,1);
INSERT INTO "game_teams" VALUES('ky4vyv45',1,'2026-11-30T23:42:33.738+00:00','B','Les Rouges','Jean-Éric & Chloe','chloe|jean-eric',1,0,6,730,2,1,0,0,1,0,0,0,0,0,0);
INSERT INTO "game_teams" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00','A','Nous','Chloé & Ana','ana|chloe',1,0,6,410,3,1,0,0,1,0,1,0,0,0,0);
INSERT INTO "game_teams" VALUES('d23kvepa',2,'2026-11-30T23:42:33.757+00:00','B','Les Cousins','David & Bruno','bruno|david',1,1,6,2060,3,3,1,1,0,0,1,1,0,0,0);
INSERT INTO "game_teams" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00','A','Les Élus','Élise & Fabien','elise|fabien',0,0,5,1555,3,2,0,0,2,1,0,0,0,0,0);
INSERT INTO "game_teams" VALUES('fxesjwbu',2,'2026-11-30T23:42:33.785+00:00','B','L''Équipe « Zèbre »','Zoë & Jean-Éric','jean-eric|zoe',0,0,5,879,2,1,2,1,0,0,0,0,1,1,0);
INSERT INTO "game_teams" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00','A','Nous','Bruno & David','bruno|david',0,0,4,710,2,2,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_teams" VALUES('agwmkpyc',3,'2026-11-30T23:42:33.805+00:00','B','Eux','Chloé & Joueur 4','chloe|joueur 4',0,0,4,360,2,1,0,0,0,0,0,0,0,0,0);
INSERT INTO "game_teams" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00','A','Les Bleus','Ana & Zoë','ana|zoe',1,1,6,2070,3,3,0,0,0,0,1,1,0,1,1);
INSERT INTO "game_teams" VALUES('ufkyjrru',3,'2026-11-30T23:42:33.827+00:00','B','Eux','Bruno & Jean-Éric','bruno|jean-eric',1,0,6,690,3,2,0,0,0,0,0,0,0,0,0);
CREATE TABLE "games" (
   "id" TEXT PRIMARY KEY,
   "team_a" TEXT NOT NULL,
   "team_b" TEXT NOT NULL,
   "player_0" TEXT,
   "player_1" TEXT,
   "player_2" TEXT,
   "player_3" TEXT,
   "first_dealer" INTEGER NOT NULL,
   "target" INTEGER NOT NULL,
   "rounding" TEXT NOT NULL,
   "misere" INTEGER,
   "carre_de_sept" INTEGER,
   "created_at" TEXT NOT NULL
, evening_id integer references evenings(id));
INSERT INTO "games" VALUES('re3863ef','Nous','Eux','Ana','Bruno','Chloé','David',0,1000,'nearest',0,0,'2026-11-30T23:42:33.712+00:00',1);
INSERT INTO "games" VALUES('ky4vyv45','Les Bleus','Les Rouges','Zoë','Jean-Éric','Ana','Chloe',1,2000,'complement',0,0,'2026-11-30T23:42:33.738+00:00',1);
INSERT INTO "games" VALUES('d23kvepa','Nous','Les Cousins','Chloé','David','Ana','Bruno',2,2000,'nearest',1,1,'2026-11-30T23:42:33.757+00:00',2);
INSERT INTO "games" VALUES('fxesjwbu','Les Élus','L''Équipe « Zèbre »','Élise','Zoë','Fabien','Jean-Éric',3,2000,'none',0,0,'2026-11-30T23:42:33.785+00:00',2);
INSERT INTO "games" VALUES('agwmkpyc','Nous','Eux','Bruno','Chloé','David','Joueur 4',0,1000,'nearest',0,0,'2026-11-30T23:42:33.805+00:00',3);
INSERT INTO "games" VALUES('ufkyjrru','Les Bleus','Eux','Ana','Bruno','Zoë','Jean-Éric',0,2000,'nearest',0,0,'2026-11-30T23:42:33.827+00:00',3);
CREATE TABLE "idempotency_keys" (
   "game_id" TEXT REFERENCES "games"("id"),
   "key" TEXT,
   "status" INTEGER,
   "response" TEXT,
   "created_at" TEXT,
   PRIMARY KEY ("game_id", "key")
);
INSERT INTO "idempotency_keys" VALUES('agwmkpyc','donne-1-bruno',201,'{"id":"agwmkpyc","teams":{"A":"Nous","B":"Eux"},"players":["Bruno","Chloé","David","Joueur 4"],"target":1000,"rules":{"rounding":"nearest","misere":false,"carre_de_sept":false},"dealer":1,"finished":false,"winner":null,"totals":{"A":160,"B":80},"revision":1,"hands":[{"number":1,"kind":"hand","dealer":0,"version":1,"input":{"taker":"A","contract":80,"mode":"hearts","taker_points":84,"taker_player":0},"made":true,"scores":{"A":160,"B":80},"totals":{"A":160,"B":80}}]}','2026-11-30T23:42:33.812+00:00');
CREATE TABLE "login_attempts" (
   "id" INTEGER PRIMARY KEY,
   "address" TEXT NOT NULL,
   "attempted_at" REAL
);
CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"
    ON "_sqlite_migrations" ("migration_set", "name");
CREATE INDEX "idx_deals_game_id_id"
    ON "deals" ("game_id", "id");
CREATE INDEX "idx_actions_game_id_id"
    ON "actions" ("game_id", "id");
CREATE INDEX "idx_evenings_date_id"
    ON "evenings" ("date", "id");
CREATE INDEX "idx_games_evening_id_created_at"
    ON "games" ("evening_id", "created_at");
CREATE INDEX "idx_game_summaries_evening_id_played_at"
    ON "game_summaries" ("evening_id", "played_at");
CREATE INDEX "idx_game_summaries_finished_last_activity"
    ON "game_summaries" ("finished", "last_activity");
CREATE INDEX "idx_game_players_name_key_played_at"
    ON "game_players" ("name_key", "played_at");
CREATE INDEX "idx_game_teams_pair_key_played_at"
    ON "game_teams" ("pair_key", "played_at");
CREATE INDEX "idx_deal_facts_taker_key_mode_contract_value_made"
    ON "deal_facts" ("taker_key", "mode", "contract_value", "made");
CREATE INDEX "idx_deal_facts_taker_key_played_at"
    ON "deal_facts" ("taker_key", "played_at");
CREATE INDEX "idx_login_attempts_address_attempted_at"
    ON "login_attempts" ("address", "attempted_at");
COMMIT;
