import Foundation

// JSON as the servers send it. `spec…` are copied from /work/shared/spec/weibo-api-v2.md (the `"…":"…"` key
// is the spec's own elision, kept to show unknown keys are ignored); `weibo…` follow the original service's
// captured responses: no `liked`, `text_length` or `pic_ids`, users without `remark`, `urank`, `star`, `lang`.

enum WireFixtures {
  static let specStatus = #"""
    {"created_at":"Wed Apr 18 14:00:30 +0800 2012","id":3436164122209450,"idstr":"3436164122209450",
     "mid":"3436164122209450","text":"hello //@bob:原文","source":"<a href=\"https://example.org\" rel=\"nofollow\">MyClient</a>",
     "favorited":false,"truncated":false,"in_reply_to_status_id":"","in_reply_to_user_id":"","in_reply_to_screen_name":"",
     "pic_urls":[{"thumbnail_pic":"https://img.example.org/thumbnail/abc123.jpg"}],
     "thumbnail_pic":"https://img.example.org/thumbnail/abc123.jpg","bmiddle_pic":"https://img.example.org/bmiddle/abc123.jpg",
     "original_pic":"https://img.example.org/large/abc123.jpg","geo":null,"user":{"id":1979690333,"idstr":"1979690333","…":"…"},
     "reposts_count":0,"comments_count":0,"attitudes_count":0,"mlevel":0,"visible":{"type":0,"list_id":0}}
    """#

  static let specError = #"{"error": "Target weibo does not exist!", "error_code": 20101, "request": "/2/statuses/show.json"}"#

  static let specOAuthError = #"""
    {"error":"invalid_grant","error_code":21325,"request":"/oauth2/access_token","error_uri":"/oauth2/access_token","error_description":"invalid authorization code:0dd6…"}
    """#

  static let specToken = #"{"access_token":"2.00VNNvrCjJTHgB789f62d93d0Q8vbn","remind_in":"157679999","expires_in":157679999,"uid":"2629046977"}"#

  static let weiboStatus = #"""
    {
      "created_at": "Sat Nov 02 15:08:27 +0800 2013",
      "id": 3640000000000001,
      "mid": "3640000000000001",
      "idstr": "3640000000000001",
      "text": "转发微博 //@小明:好看[哈哈]",
      "source_allowclick": 0,
      "source_type": 1,
      "source": "<a href=\"http://app.weibo.com/t/feed/4ACxed\" rel=\"nofollow\">iPad客户端</a>",
      "favorited": false,
      "truncated": false,
      "in_reply_to_status_id": "",
      "in_reply_to_user_id": "",
      "in_reply_to_screen_name": "",
      "pic_urls": [],
      "geo": {"type": "Point", "coordinates": [39.98, 116.3]},
      "user": {
        "id": 1404376560, "idstr": "1404376560", "class": 1, "screen_name": "zaku", "name": "zaku",
        "province": "11", "city": "5", "location": "北京 朝阳区", "description": "人生五十年", "url": "http://blog.sina.com.cn/zaku",
        "profile_image_url": "http://tp1.sinaimg.cn/1404376560/50/0/1", "profile_url": "zaku", "domain": "zaku", "weihao": "",
        "gender": "m", "followers_count": 1204, "friends_count": 447, "pagefriends_count": 0, "statuses_count": 2908,
        "favourites_count": 0, "created_at": "Fri Aug 28 00:00:00 +0800 2009", "following": false, "allow_all_act_msg": false,
        "geo_enabled": true, "verified": false, "verified_type": -1, "ptype": 0, "allow_all_comment": true,
        "avatar_large": "http://tp1.sinaimg.cn/1404376560/180/0/1", "avatar_hd": "http://tp1.sinaimg.cn/1404376560/hd/0/1",
        "verified_reason": "", "follow_me": false, "online_status": 0, "bi_followers_count": 215, "block_word": 0,
        "block_app": 0, "credit_score": 80, "mbtype": 0, "mbrank": 0
      },
      "retweeted_status": {
        "created_at": "Sat Nov 02 14:00:00 +0800 2013", "id": 3639999999999999, "mid": "3639999999999999",
        "idstr": "3639999999999999", "text": "原文 http://t.cn/h4DwT1",
        "source": "<a href=\"http://weibo.com/\" rel=\"nofollow\">新浪微博</a>", "favorited": false, "truncated": false,
        "in_reply_to_status_id": "", "in_reply_to_user_id": "", "in_reply_to_screen_name": "",
        "thumbnail_pic": "http://ww1.sinaimg.cn/thumbnail/a.jpg", "bmiddle_pic": "http://ww1.sinaimg.cn/bmiddle/a.jpg",
        "original_pic": "http://ww1.sinaimg.cn/large/a.jpg",
        "pic_urls": [{"thumbnail_pic": "http://ww1.sinaimg.cn/thumbnail/a.jpg"}, {"thumbnail_pic": "http://ww2.sinaimg.cn/thumbnail/b.gif"}],
        "geo": null,
        "user": {
          "id": 1642591402, "idstr": "1642591402", "screen_name": "演员甲", "name": "演员甲", "province": "11", "city": "1000",
          "location": "北京", "description": "", "url": "", "profile_image_url": "http://tp3.sinaimg.cn/1642591402/50/1/0",
          "domain": "", "gender": "f", "followers_count": 51234567, "friends_count": 300, "statuses_count": 5000,
          "favourites_count": 12, "created_at": "Mon Aug 31 00:00:00 +0800 2009", "following": true,
          "allow_all_act_msg": true, "geo_enabled": false, "verified": true, "verified_type": 0, "verified_reason": "演员",
          "follow_me": false, "online_status": 1, "bi_followers_count": 100, "mbtype": 12, "mbrank": 5
        },
        "reposts_count": 12345, "comments_count": 987, "attitudes_count": 150000000, "mlevel": 0,
        "visible": {"type": 0, "list_id": 0}, "darwin_tags": []
      },
      "reposts_count": 0,
      "comments_count": 3,
      "attitudes_count": 0,
      "mlevel": 0,
      "visible": {"type": 0, "list_id": 0},
      "biz_feature": 0,
      "annotations": [{"client_mblogid": "abc-123"}, {"mapi_request": true}],
      "darwin_tags": []
    }
    """#

  /// Every id and count written as a string, as some SDK fixtures and the English wiki print them.
  static let stringlyStatus = #"""
    {"created_at":"Tue May 31 17:46:55 +0800 2011","id":"11488058246","text":"求关注。","source":"<a href=\"http://weibo.com\" rel=\"nofollow\">新浪微博</a>",
     "favorited":"false","truncated":0,"in_reply_to_status_id":12345,"geo":{"type":"Point","coordinates":[40.413467,116.646439]},
     "mid":"5612814510546515491","reposts_count":"8","comments_count":"9","attitudes_count":"1",
     "user":{"id":"1404376560","screen_name":"zaku","verified_type":"220","mbrank":"3","followers_count":"1204"},
     "visible":{"type":"0","list_id":"0"},"uid":"1404376560","deleted":1}
    """#
}
